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
