-- A member may choose to have their insurance premiums drawn on the Vipps agreement with the dues.
-- Without it the renewal run draws the dues and sends the premiums as their own invoice.
ALTER TABLE vipps_agreements ADD COLUMN includes_premiums boolean NOT NULL DEFAULT false;
-- The premiums part of price_ore when it was made (øre).
ALTER TABLE vipps_agreements ADD COLUMN premiums_ore integer NOT NULL DEFAULT 0 CHECK (premiums_ore >= 0);
