"use client";

import { useEffect } from "react";

/**
 * Sends a signed-out visitor to sign in, carrying the page they asked for as `callbackUrl`, so
 * that signing in leads back there. (A server layout does not know the requested path.)
 * The home page needs no callback: signing in lands there anyway.
 */
export function SignInRedirect({ signInPath, home }: { signInPath: string; home: string }) {
  useEffect(() => {
    const here = window.location.pathname + window.location.search;
    const target = here === home || here === "/" ? signInPath : `${signInPath}?callbackUrl=${encodeURIComponent(here)}`;
    window.location.replace(target);
  }, [signInPath, home]);
  return (
    <main className="p-8 text-center text-sm text-slate-600">
      <a href={signInPath} className="font-medium text-indigo-700 underline">
        Sign in
      </a>{" "}
      to see this page.
    </main>
  );
}
