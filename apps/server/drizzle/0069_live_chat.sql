-- Live chat between members and support staff (issue 28, item 3). The tables belong to the live-chat module.
-- A member has at most one conversation not closed (the partial unique index): opening one is an insert that does
-- nothing when it exists, so a burst of opens makes one.
CREATE TABLE "chat_conversations" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "brand_id" bigint NOT NULL REFERENCES "brands"("id"),
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "status" text DEFAULT 'waiting' NOT NULL,
  "assigned_staff_id" bigint REFERENCES "staff"("id"),
  "member_read_id" bigint DEFAULT 0 NOT NULL,
  "staff_read_id" bigint DEFAULT 0 NOT NULL,
  "ticket_sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "chat_conversations_status" CHECK ("status" in ('waiting', 'open', 'closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_one_current" ON "chat_conversations" ("member_id") WHERE "status" <> 'closed';
--> statement-breakpoint
CREATE INDEX "chat_conversations_member_idx" ON "chat_conversations" ("member_id", "id");
--> statement-breakpoint
CREATE INDEX "chat_conversations_queue_idx" ON "chat_conversations" ("brand_id", "status", "created_at");
--> statement-breakpoint
-- The messages, in the order of their id. A body, an image the sender uploaded, or both.
CREATE TABLE "chat_messages" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "conversation_id" bigint NOT NULL REFERENCES "chat_conversations"("id"),
  "sender" text NOT NULL,
  "staff_id" bigint REFERENCES "staff"("id"),
  "body" text,
  "upload_id" uuid REFERENCES "uploads"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chat_messages_sender" CHECK ("sender" in ('member', 'staff', 'system')),
  CONSTRAINT "chat_messages_content" CHECK (num_nonnulls("body", "upload_id") > 0),
  CONSTRAINT "chat_messages_staff" CHECK (("sender" = 'staff') = ("staff_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" ("conversation_id", "id");
--> statement-breakpoint
CREATE INDEX "chat_messages_upload_idx" ON "chat_messages" ("upload_id") WHERE "upload_id" is not null;
--> statement-breakpoint
CREATE TABLE "chat_canned_replies" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "brand_id" bigint NOT NULL REFERENCES "brands"("id"),
  "title" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_canned_replies_brand_idx" ON "chat_canned_replies" ("brand_id", "id");
--> statement-breakpoint
-- The chat permissions (packages/contracts/src/staff-permissions.ts, group "chat", last in the catalogue) join
-- every brand's admin preset (all three) and support preset (view and reply) as the contracts define them; a role
-- an operator already edited to hold one is left as it is.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'chat.view')
WHERE "preset_key" IN ('admin', 'support') AND NOT ('chat.view' = ANY("permissions"));
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'chat.reply')
WHERE "preset_key" IN ('admin', 'support') AND NOT ('chat.reply' = ANY("permissions"));
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'chat.manage')
WHERE "preset_key" = 'admin' AND NOT ('chat.manage' = ANY("permissions"));
