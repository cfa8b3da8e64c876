import type { IncomingMessage, ServerResponse } from 'node:http'
import { type PipelineOptions, type RequestState, type Step } from './step'
import {
  clientAddressStep,
  draftGateStep,
  malformedAddressStep,
  metricsStep,
  nextStep,
  outsideNextStep,
  pageMemoStep,
  securityStep,
  unknownAddressStep,
} from './steps'

/**
 * A request's way through the site's server, in order; the first step that answers ends it. The
 * metrics come first (their reader is told by the unsettled forwarding headers), then the client
 * address, which every later step trusts; the draft gate before anything that may answer from a
 * copy; the memo before the unknown-address check, which keeps its 404 under the memo's key; Next last.
 */
export const SITE_PIPELINE: readonly Step[] = [
  metricsStep,
  clientAddressStep,
  draftGateStep,
  securityStep,
  malformedAddressStep,
  outsideNextStep,
  pageMemoStep,
  unknownAddressStep,
  nextStep,
]

/** Runs `req` through `steps` until one answers. */
export function runPipeline(
  steps: readonly Step[],
  req: IncomingMessage,
  res: ServerResponse,
  options: PipelineOptions,
): void {
  const state: RequestState = { https: false, memoKey: null, notFoundKey: null, answeredFromMemo: false }
  for (const step of steps) if (step.run(req, res, state, options)) return
}
