-- When support's first written answer to a ticket (a conversation that waited with no staff online) was copied
-- to the member's inbox; once per conversation.
ALTER TABLE "chat_conversations" ADD COLUMN "ticket_answered_at" timestamp with time zone;
