// The floor page's lazy route: an injected query endpoint and its generated hook, read with the
// route's params, as the profile route does (src/features/profile/profileApi.ts, ProfilePage.tsx).
import { useParams } from 'react-router-dom';
import { floorApi } from './floorApi';

const itemApi = floorApi.injectEndpoints({
  endpoints: (build) => ({
    getItem: build.query<{ name: string }, string>({ query: (id) => `items/${id}` }),
  }),
});

export default function FloorRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { data } = itemApi.useGetItemQuery(id);
  return <h1>{data?.name}</h1>;
}
