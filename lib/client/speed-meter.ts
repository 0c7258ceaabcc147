const WINDOW_MS = 3000;

/** Bytes per second over the last few seconds, from a running count of bytes sent. */
export class SpeedMeter {
  private samples: Array<{ at: number; sent: number }> = [];

  sample(sent: number): number {
    const at = performance.now();
    this.samples.push({ at, sent });
    while (this.samples.length > 2 && at - this.samples[0].at > WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    const seconds = (at - first.at) / 1000;
    return seconds > 0 ? Math.max(0, (sent - first.sent) / seconds) : 0;
  }

  /** After a pause or a reconnection, old samples would average the gap into the speed. */
  reset(): void {
    this.samples = [];
  }
}
