import { type Edition } from '../api/client';

/** The plan's build time limit (FACTS §26, builds.rst): Community 15 min, Business 30 min. */
export const PLAN_TIME_LIMIT_SECONDS: Readonly<Record<Edition, number>> = { community: 15 * 60, business: 30 * 60 };

/** Seconds between two attempts of a build that waits for the concurrency limit (`RTD_BUILDS_RETRY_DELAY`). */
export const CONCURRENCY_RETRY_SECONDS = 300;

/**
 * The exit codes Read the Docs records on the command its container killed
 * (`rtd:readthedocs/doc_builder/constants.py`): out of time, out of memory (128 + SIGKILL).
 */
export const TIME_OUT_EXIT_CODE = 42;
export const OUT_OF_MEMORY_EXIT_CODE = 137;

/** The outcome ids that flag a build (FACTS §16, §26). */
export const TIME_OUT_ID = 'build:user:time-out';
export const EXCESSIVE_MEMORY_ID = 'build:user:excessive-memory';
export const CONCURRENCY_LIMIT_ID = 'build:user:concurrency-limit-reached';
