// The order of the delivery status's values in PostgreSQL (outbox added last by an earlier
// migration) differs from the config's; Payload's generator rebuilt the type for that alone, which
// changes nothing a query sees, so this migration leaves it out.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "users" ADD COLUMN "photo_id" integer;
  ALTER TABLE "chat_events" ADD COLUMN "author_photo" varchar;
  ALTER TABLE "users" ADD CONSTRAINT "users_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "users_photo_idx" ON "users" USING btree ("photo_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" DROP CONSTRAINT "users_photo_id_media_id_fk";
  DROP INDEX "users_photo_idx";
  ALTER TABLE "users" DROP COLUMN "photo_id";
  ALTER TABLE "chat_events" DROP COLUMN "author_photo";`)
}
