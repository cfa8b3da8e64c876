import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_chat_conversations_rating" AS ENUM('good', 'bad');
  ALTER TABLE "chat_conversations" ADD COLUMN "rating" "enum_chat_conversations_rating";
  ALTER TABLE "chat_conversations" ADD COLUMN "rated_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "chat_conversations" DROP COLUMN "rating";
  ALTER TABLE "chat_conversations" DROP COLUMN "rated_at";
  DROP TYPE "public"."enum_chat_conversations_rating";`)
}
