"use client";

import { useEffect, useRef, useState } from "react";
import { useViewerReport } from "./use-viewer-report";

/** How the video is being played; shown as `data-engine` (tests and support read it). */
type Engine = "loading" | "hls.js" | "native-hls" | "mp4";

interface VideoPlayerProps {
  hls: string;
  mp4: string;
  poster?: string;
  label: string;
  className?: string;
  /** Reports the viewing to the service's viewer metrics (docs/analytics.md). */
  playbackId?: string;
}

/**
 * Plays the HLS stream: with hls.js over Media Source Extensions where the browser has them (loaded
 * on first use, from our own bundle), natively where only that exists (older iPhones), else the
 * MP4; and falls back to the MP4 if the stream fails.
 */
export function VideoPlayer({ hls, mp4, poster, label, className, playbackId }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<Engine>("loading");
  useViewerReport(videoRef, playbackId, hls);

  useEffect(() => {
    const video = videoRef.current!;
    let cancelled = false;
    let player: { destroy(): void } | undefined;
    const playMp4 = () => {
      player?.destroy();
      player = undefined;
      video.src = mp4;
      setEngine("mp4");
    };
    import("hls.js").then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          const instance = new Hls();
          instance.on(Hls.Events.ERROR, (_event, data) => data.fatal && playMp4());
          instance.loadSource(hls);
          instance.attachMedia(video);
          player = instance;
          setEngine("hls.js");
        } else if (video.canPlayType("application/vnd.apple.mpegurl")) {
          video.addEventListener("error", playMp4, { once: true });
          video.src = hls;
          setEngine("native-hls");
        } else {
          playMp4();
        }
      },
      () => !cancelled && playMp4(),
    );
    return () => {
      cancelled = true;
      video.removeEventListener("error", playMp4);
      player?.destroy();
    };
  }, [hls, mp4]);

  return (
    <video
      ref={videoRef}
      data-engine={engine}
      poster={poster}
      aria-label={label}
      className={className}
      controls
      playsInline
      preload="metadata"
    />
  );
}
