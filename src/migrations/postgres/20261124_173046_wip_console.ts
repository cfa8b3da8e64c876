import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "chat_canned_replies" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"text" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_canned_replies_id" integer;
  CREATE INDEX "chat_canned_replies_updated_at_idx" ON "chat_canned_replies" USING btree ("updated_at");
  CREATE INDEX "chat_canned_replies_created_at_idx" ON "chat_canned_replies" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_canned_replies_fk" FOREIGN KEY ("chat_canned_replies_id") REFERENCES "public"."chat_canned_replies"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_chat_canned_replies_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_canned_replies_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "chat_canned_replies" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "chat_canned_replies" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_canned_replies_fk";
  
  DROP INDEX "payload_locked_documents_rels_chat_canned_replies_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_canned_replies_id";`)
}
