ALTER TABLE "uploads" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "staff_id" bigint;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_staff_idx" ON "uploads" USING btree ("staff_id","created_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_one_owner" CHECK (num_nonnulls("uploads"."member_id", "uploads"."staff_id") = 1);