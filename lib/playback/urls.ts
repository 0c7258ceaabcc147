/** Where an asset plays, by its playbackId: every address is public to whoever holds the id. */
export function playbackUrls(origin: string, playbackId: string) {
  const api = `${origin}/api/playback/${playbackId}`;
  return {
    info: api,
    video: `${api}/video.mp4`,
    poster: `${api}/poster.jpg`,
    player: `${origin}/play/${playbackId}`,
  };
}

/** Short, so a cache stops serving a deleted asset soon after (deleting it ends playback). */
export const PLAYBACK_CACHE_CONTROL = "public, max-age=60";
