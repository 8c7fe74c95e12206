/** One command id and the positions of the events it journalled. */
export type Remembered = [commandId: string, positions: number[]];

/**
 * The command ids journalled last, so a retry gets the first answer. Kept in segments of a fixed
 * size: a full segment no longer changes, so a snapshot saves it once (snapshot/writer.ts), and the
 * oldest segment is forgotten whole once the others hold at least `limit` ids.
 */
export class CommandWindow {
  private readonly index = new Map<string, number[]>();
  /** Full segments, oldest first, with their numbers. */
  private readonly full: { no: number; ids: string[] }[] = [];
  private open: string[] = [];
  private openNo = 0;

  constructor(
    private readonly limit: number,
    private readonly segment: number,
  ) {}

  get(commandId: string): number[] | undefined {
    return this.index.get(commandId);
  }

  remember(commandId: string, positions: number[]): void {
    if (this.index.has(commandId)) {
      this.index.set(commandId, positions);
      return;
    }
    // Sealed only when the next id comes: the last command's positions may still grow while the log is read.
    if (this.open.length === this.segment) {
      this.full.push({ no: this.openNo, ids: this.open });
      this.open = [];
      this.openNo++;
      while (this.full.length > 0 && (this.full.length - 1) * this.segment + this.open.length >= this.limit)
        for (const id of this.full.shift()!.ids) this.index.delete(id);
    }
    this.index.set(commandId, positions);
    this.open.push(commandId);
  }

  /** The full segments' numbers, oldest first: each saved once as a snapshot part. */
  get fullSegments(): readonly number[] {
    return this.full.map((s) => s.no);
  }

  /** A full segment's ids and positions, or null once it has been forgotten. */
  segmentEntries(no: number): Remembered[] | null {
    const seg = this.full.find((s) => s.no === no);
    return seg ? seg.ids.map((id) => [id, this.index.get(id)!]) : null;
  }

  /** The segment still filling, with its number: saved whole by every snapshot. */
  get openSegment(): { no: number; entries: Remembered[] } {
    return { no: this.openNo, entries: this.open.map((id) => [id, this.index.get(id)!]) };
  }

  /** From a snapshot: full segments oldest first, then the open one. */
  static restore(
    limit: number,
    segment: number,
    full: { no: number; entries: Remembered[] }[],
    open: { no: number; entries: Remembered[] },
  ): CommandWindow {
    const w = new CommandWindow(limit, segment);
    for (const seg of full) {
      w.full.push({ no: seg.no, ids: seg.entries.map(([id]) => id) });
      for (const [id, positions] of seg.entries) w.index.set(id, positions);
    }
    w.open = open.entries.map(([id]) => id);
    w.openNo = open.no;
    for (const [id, positions] of open.entries) w.index.set(id, positions);
    return w;
  }
}
