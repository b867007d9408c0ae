// GET user/v2/fetchUserGallery as an infinite query: one cache entry per user, pages from 1.
import { baseApi } from '../../api/baseApi';
import type { Envelope, GalleryItem } from '../../api/contract/types';
import {
  FIRST_GALLERY_PAGE,
  GALLERY_PAGE_SIZE,
  nextGalleryPage,
  type GalleryPage,
} from './galleryPaging';

export const galleryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGallery: build.infiniteQuery<GalleryPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: FIRST_GALLERY_PAGE,
        getNextPageParam: (lastPage, allPages, lastPageParam) =>
          nextGalleryPage(lastPage, allPages, lastPageParam),
      },
      query: ({ queryArg: userId, pageParam }) => ({
        url: 'user/v2/fetchUserGallery',
        params: { pageNo: pageParam, limit: GALLERY_PAGE_SIZE, userId },
      }),
      transformResponse: ({ data }: Envelope<GalleryItem[]>): GalleryPage => ({
        items: data.data,
        totalPostCount: data.totalPostCount ?? null,
      }),
      providesTags: (_result, _error, userId) => [{ type: 'Gallery', id: userId }],
    }),
  }),
});

export const { useGetGalleryInfiniteQuery } = galleryApi;
