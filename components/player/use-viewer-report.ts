"use client";

import { useEffect, type RefObject } from "react";
import { PlaybackSession, REPORT_INTERVAL_MS, type TakenReport } from "@/lib/client/playback-session";

const REPORT_URL = "/api/analytics/log";

/**
 * Reports the viewing of `videoRef` to the service's viewer metrics, as Livepeer's player does:
 * every 5 s while there is something to tell, and with `sendBeacon` when the page hides or the
 * player goes away. The body is text, so the request needs no CORS preflight wherever the page is.
 */
export function useViewerReport(
  videoRef: RefObject<HTMLVideoElement | null>,
  playbackId: string | undefined,
  source: string,
) {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playbackId) return;
    const session = new PlaybackSession(playbackId, {
      domain: location.hostname,
      path: location.pathname,
      userAgent: navigator.userAgent,
      sourceUrl: new URL(source, location.href).origin + new URL(source, location.href).pathname,
    });
    let inFlight = false;
    const send = async () => {
      if (inFlight) return;
      const report = session.take();
      if (!report) return;
      inFlight = true;
      try {
        const answer = await fetch(REPORT_URL, { method: "POST", body: report.body, keepalive: true });
        if (!answer.ok && answer.status !== 400 && answer.status !== 413) report.putBack();
      } catch {
        report.putBack();
      } finally {
        inFlight = false;
      }
    };
    const beacon = () => {
      const report: TakenReport | undefined = session.take();
      if (report && !navigator.sendBeacon?.(REPORT_URL, report.body)) report.putBack();
    };
    const onHidden = () => document.visibilityState === "hidden" && beacon();
    const listeners: Array<[string, () => void]> = [
      ["play", () => session.play(video.autoplay)],
      ["playing", () => session.playing()],
      ["pause", () => session.paused()],
      ["ended", () => session.ended()],
      ["waiting", () => session.waiting()],
      ["stalled", () => session.stalled()],
      ["error", () => session.error(video.error?.message || `media error ${video.error?.code ?? ""}`.trim())],
      ["durationchange", () => session.durationKnown(video.duration)],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    const timer = setInterval(send, REPORT_INTERVAL_MS);
    window.addEventListener("pagehide", beacon);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
      clearInterval(timer);
      window.removeEventListener("pagehide", beacon);
      document.removeEventListener("visibilitychange", onHidden);
      beacon();
    };
  }, [videoRef, playbackId, source]);
}
