import type { Insertable, Kysely } from 'kysely';
import type { Database, MonitoringEventsTable, TrackEventsTable } from '../../db/schema.ts';

export function insertTrackEvent(db: Kysely<Database>, row: Insertable<TrackEventsTable>) {
  return db.insertInto('track_events').values(row).execute();
}

export function insertMonitoringEvent(db: Kysely<Database>, row: Insertable<MonitoringEventsTable>) {
  return db.insertInto('monitoring_events').values(row).execute();
}
