import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "chat_idle_end_minutes" numeric DEFAULT 30;
  ALTER TABLE "site_settings" ADD COLUMN "chat_left_queue_minutes" numeric DEFAULT 5;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "chat_idle_end_minutes";
  ALTER TABLE "site_settings" DROP COLUMN "chat_left_queue_minutes";`)
}
