/** One event of a DevTools trace (Tracing.dataCollected), the fields the bench's trace readers use. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall and thread (CPU) time of a complete ('X') event, in µs. */
  dur?: number;
  tdur?: number;
  id?: string;
  id2?: { local?: string };
  args?: { name?: string; data?: { type?: string; functionName?: string; url?: string } };
}
