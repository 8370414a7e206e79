-- One limit per artwork field, the same in the form schema (lib/artworks/admin/schema.ts) and
-- here; lib/artworks/admin/limits.test.ts reads these constraints back and compares them with
-- the schema, so the two cannot drift apart again. Before this, the form allowed a 100-character
-- price the column refused at 60, years to 2100 where the column took 2200, and most text
-- columns had no limit at all.

alter table public.artworks
  drop constraint artworks_year_check,
  add constraint artworks_year_check check (year between 1900 and 2100),
  drop constraint artworks_edition_size_check,
  add constraint artworks_edition_size_check check (edition_size between 1 and 100000),
  drop constraint artworks_edition_number_check,
  add constraint artworks_edition_number_check check (edition_number between 1 and 100000),
  add constraint artworks_description_length check (char_length(description) <= 2000),
  add constraint artworks_story_length check (char_length(story) <= 20000),
  add constraint artworks_store_url_length check (char_length(store_url) <= 2000),
  add constraint artworks_availability_length check (char_length(availability) <= 100),
  add constraint artworks_sku_length check (char_length(sku) <= 100),
  add constraint artworks_medium_length check (char_length(medium) <= 200),
  add constraint artworks_long_story_description_length check (char_length(long_story_description) <= 50000),
  add constraint artworks_seo_title_length check (char_length(seo_title) <= 200),
  add constraint artworks_seo_description_length check (char_length(seo_description) <= 1000),
  add constraint artworks_meta_title_length check (char_length(meta_title) <= 200),
  add constraint artworks_meta_description_length check (char_length(meta_description) <= 1000),
  add constraint artworks_og_title_length check (char_length(og_title) <= 200),
  add constraint artworks_og_description_length check (char_length(og_description) <= 1000),
  add constraint artworks_twitter_title_length check (char_length(twitter_title) <= 200),
  add constraint artworks_twitter_description_length check (char_length(twitter_description) <= 1000),
  -- Lists are edited as comma-separated text of at most 4000 characters.
  add constraint artworks_formats_available_length check (char_length(public.immutable_array_to_string(formats_available)) <= 4000),
  add constraint artworks_tags_length check (char_length(public.immutable_array_to_string(tags)) <= 4000),
  add constraint artworks_keywords_length check (char_length(public.immutable_array_to_string(keywords)) <= 4000),
  -- What the upload route stored (lib/artworks/admin/schema.ts uploadedImageSchema).
  add constraint artworks_image_url_length check (char_length(image_url) <= 2000),
  add constraint artworks_image_original_url_length check (char_length(image_original_url) <= 2000),
  add constraint artworks_image_thumb_400_url_length check (char_length(image_thumb_400_url) <= 2000),
  add constraint artworks_image_thumb_800_url_length check (char_length(image_thumb_800_url) <= 2000),
  add constraint artworks_image_blur_data_url_length check (char_length(image_blur_data_url) <= 20000),
  add constraint artworks_image_checksum_length check (char_length(image_checksum) <= 200);
