// A published video as anyone fetches it (issue 33): as long as sent, with no location left.
import assert from 'node:assert/strict';
import { LOCATION_TEXTS } from '../scripts/locatedVideos';
import { findVideoLocation } from '../src/api/contract/videoLocation';
import { profileOf } from './suiteApi';

export async function publishedWithoutLocation(
  baseUrl: string,
  profileId: string,
  words: string,
  sent: Buffer,
): Promise<{ url: string; thumbnailUrl: string | null }> {
  const item = (await profileOf(baseUrl, profileId)).userFeed.find((i) => i.sayThanks === words);
  const media = item?.media[0];
  assert.ok(media, 'the review is published with its video');
  const url = new URL(media.imgUrl, baseUrl).href;
  const answer = await fetch(url);
  assert.equal(answer.status, 200);
  const published = Buffer.from(await answer.arrayBuffer());
  assert.equal(published.length, sent.length);
  assert.deepEqual(findVideoLocation(published), []);
  for (const place of LOCATION_TEXTS) assert.equal(published.includes(place), false, place);
  return {
    url,
    thumbnailUrl: media.thumbnailUrl ? new URL(media.thumbnailUrl, baseUrl).href : null,
  };
}
