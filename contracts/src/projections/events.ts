/** A rebuild asked for (who: the event's actor): the audit trail's record of it. */
export interface ProjectionRebuildRequested {
  name: string;
  version: number;
}

export interface ProjectionEventData {
  ProjectionRebuildRequested: ProjectionRebuildRequested;
}
