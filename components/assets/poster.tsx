/**
 * An asset's poster frame, or a neutral box of the same size with a film icon when there is none
 * (no ffmpeg on the server, not ready yet, or a server without thumbnails).
 */
export function Poster({ url, className = "h-9 w-16" }: { url?: string; className?: string }) {
  if (url) {
    // eslint-disable-next-line @next/next/no-img-element -- signed, short-lived URLs: nothing for the image optimizer to cache
    return <img src={url} alt="" loading="lazy" className={`${className} shrink-0 rounded bg-slate-200 object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${className} inline-flex shrink-0 items-center justify-center rounded bg-slate-100 text-slate-400`}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={1.5}>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M7 4v16M17 4v16M3 8h4M3 12h4M3 16h4M17 8h4M17 12h4M17 16h4" />
      </svg>
    </span>
  );
}

/** The asset's poster URL, once the API gives one (thumbnails of issue 14). */
export function posterUrlOf(asset: object): string | undefined {
  const url = (asset as { posterUrl?: unknown }).posterUrl;
  return typeof url === "string" && url !== "" ? url : undefined;
}
