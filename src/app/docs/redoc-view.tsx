"use client";

import { useEffect, useRef } from "react";
import styles from "./docs.module.css";

type Redoc = { init(specUrl: string, options: Record<string, unknown>, element: HTMLElement | null): void };

/**
 * Redoc's options: the spec read as untrusted markup (sanitized), no search, the system font (nothing to
 * download), and response colours with WCAG AA contrast (Redoc's own reach 4.4:1 on their tints, and
 * its tabs' red 2.3:1 on the dark samples panel).
 */
const OPTIONS = {
  untrustedSpec: true,
  // Redoc searches in a Web Worker made from a blob: URL, which the pages' CSP (worker-src falls
  // back to script-src 'self' + nonce) refuses; the menu lists every operation instead.
  disableSearch: true,
  jsonSampleExpandLevel: 2,
  theme: {
    colors: {
      primary: { main: "#1d4ed8" },
      error: { main: "#a11a15" },
      // Tab text sits on the dark samples panel, the other colours on light tints.
      responses: {
        success: { color: "#17691f", backgroundColor: "#ebf2e8", tabTextColor: "#7ee787" },
        error: { color: "#a11a15", backgroundColor: "#fbeeec", tabTextColor: "#ff8a80" },
        // 304 Not Modified of the polled reads: Redoc's orange reached 4.4:1.
        redirect: { color: "#7a4f00", backgroundColor: "#f7f0e1", tabTextColor: "#ffcb6b" },
      },
    },
    typography: {
      fontFamily: "system-ui, sans-serif",
      headings: { fontFamily: "system-ui, sans-serif" },
      code: { color: "#a11a15" },
    },
  },
};

/**
 * The OpenAPI document rendered by Redoc (its standalone bundle, served by /docs/redoc.js) into
 * an element React leaves alone after its first render: the bundle loads after hydration.
 */
export function RedocView({ specUrl }: { specUrl: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const start = () => (window as unknown as { Redoc: Redoc }).Redoc.init(specUrl, OPTIONS, element.current);
    if ("Redoc" in window) return start();
    const script = document.createElement("script");
    script.src = "/docs/redoc.js";
    script.addEventListener("load", start);
    document.body.append(script);
  }, [specUrl]);
  return <div ref={element} className={styles.reference} />;
}
