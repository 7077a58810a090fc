import { afterFirstPaint } from './after-first-paint.ts';

/**
 * The id of the `<template>` in which the build lists, as `rel=prefetch` links, the code a first
 * page runs only later (build/page-preloads.ts): the dashboard's charts. A template's content is
 * inert, so nothing is fetched until fetchLaterCode moves the links into the page.
 */
export const LATER_CODE_TEMPLATE_ID = 'later-code';

/**
 * Fetches the page's later code (at the lowest priority, without running it) once the page has
 * painted and the browser is idle. Prefetched from the HTML instead, the charts' 60 kB shared
 * the network with the page's own code and data and delayed its first paint: Lighthouse's LCP
 * 2.77 → 2.40 s without them (docs/benchmarks.md, session 18).
 */
export function fetchLaterCode(): void {
  const template = document.getElementById(LATER_CODE_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  afterFirstPaint(() => document.head.append(template.content.cloneNode(true)));
}
