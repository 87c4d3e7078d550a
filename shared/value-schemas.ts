// The schemas of single values the boundaries share, alone: history's records (dispatch.ts), held
// requests (permissions.ts) and settings.json check them without loading model.ts, whose schemas of
// rules and sources every in-process `hookpanel emit` then built for nothing.
import { z } from 'zod';
import { DIALECT_IDS } from './dialects.js';

export const DialectSchema = z.enum(DIALECT_IDS);

/** An http(s) URL (the model endpoint's base URL, in Hookpanel's settings and over the panel contract). */
export const HttpUrlSchema = z.url({ protocol: /^https?$/ });
