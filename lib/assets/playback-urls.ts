/** Where an asset plays, by its playbackId. A `jwt` asset's URLs also need the viewer's token. */
export function playbackUrls(origin: string, playbackId: string) {
  const api = `${origin}/api/playback/${playbackId}`;
  return {
    info: api,
    hls: `${origin}/api/hls/${playbackId}/index.m3u8`,
    video: `${api}/video.mp4`,
    poster: `${api}/poster.jpg`,
    storyboard: `${api}/storyboard.vtt`,
    player: `${origin}/play/${playbackId}`,
  };
}

/**
 * The HLS playlist's URL as our own players load it: `tracks=` a digest of the asset's text tracks
 * (FNV-1a of their ids). The playlist is cached for a minute under its URL (by the browser, by a
 * CDN), so a player loaded again after a track is added or removed would otherwise be handed the
 * old list of tracks; under a URL of its own per set of tracks it is fetched anew.
 */
export function hlsUrlForTracks(hls: string, trackIds: string[]): string {
  let digest = 0x811c9dc5;
  for (const char of trackIds.join(",")) digest = Math.imul(digest ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `${hls}${hls.includes("?") ? "&" : "?"}tracks=${digest.toString(36)}`;
}
