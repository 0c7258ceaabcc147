/**
 * The public origin of this service: APP_URL when set, else the origin the client used,
 * honouring X-Forwarded-Proto / X-Forwarded-Host from a proxy in front of the app.
 */
export function publicOrigin(request: Request, appUrl?: string): string {
  if (appUrl) return appUrl;
  const proto = firstValue(request.headers.get("x-forwarded-proto")) ?? new URL(request.url).protocol.replace(/:$/, "");
  return `${proto}://${requestHost(request)}`;
}

/** The host (and port) the client addressed, as a proxy in front of the app forwards it. */
export function requestHost(request: Request): string {
  return firstValue(request.headers.get("x-forwarded-host")) ?? request.headers.get("host") ?? new URL(request.url).host;
}

function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value || undefined;
}
