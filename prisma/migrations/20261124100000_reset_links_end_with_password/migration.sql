-- A password reset link is good only until the password changes: using one link (better-auth's
-- /reset-password) or changing the password (/change-password, or any other way) deletes every
-- other outstanding reset link of the account, in the transaction that changes the password,
-- so no path can forget it. better-auth keeps the links in "verification" with the identifier
-- 'reset-password:<token>' and the user's id as the value.
CREATE FUNCTION "revoke_password_reset_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "verification" WHERE "value" = NEW."userId" AND "identifier" LIKE 'reset-password:%';
  RETURN NULL;
END $$;

CREATE TRIGGER "password_changed" AFTER UPDATE OF "password" ON "account" FOR EACH ROW
  WHEN (OLD."password" IS DISTINCT FROM NEW."password")
  EXECUTE FUNCTION "revoke_password_reset_links"();
