// Next's ambient types (CSS and image imports, process.env typing), also for a fresh checkout where
// `next build` has not yet written next-env.d.ts: `npm test` type-checks before it builds.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
