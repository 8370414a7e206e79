-- The shop (docs/product.md, The shop's rules): off until the owner opens it.
-- Originals are artworks (one of one); prints, cards, coasters and gifts are products with
-- variants. Orders are what a checkout bought. Private schema, as the messages are: no grants and
-- no policies for anon, authenticated or app_admin; the server's system connection reads and
-- writes them (the shop's pages and routes after their own checks, the admin after requireAdmin()).

-- 'Open the shop': off on a new site, so /shop and the artwork pages stay as a new site has them.
alter table app_private.site_settings add column shop_open boolean not null default false;

create table app_private.products (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('print', 'card', 'coaster', 'gift')),
  title text not null check (char_length(title) between 1 and 120),
  description text not null default '' check (char_length(description) <= 2000),
  -- The painting it is made from, if any: a deleted painting leaves its products standing.
  artwork_id uuid references public.artworks (id) on delete set null,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_artwork on app_private.products (artwork_id) where artwork_id is not null;

create table app_private.product_variants (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references app_private.products (id) on delete cascade,
  -- "A4, unframed"
  label text not null check (char_length(label) between 1 and 80),
  sku text unique check (sku is null or char_length(sku) between 1 and 64),
  price_pence integer not null check (price_pence between 1 and 10000000),
  -- How many can be sold now; null: made to order. A checkout holds its quantity until it is paid
  -- or expires (stock goes back then), so it never goes below zero.
  stock integer check (stock is null or stock >= 0),
  -- What shipping a parcel of it costs (app_private.shipping_rates).
  weight_class text not null default 'small' check (weight_class in ('letter', 'small', 'large')),
  archived boolean not null default false,
  position integer not null default 0
);
create index product_variants_product on app_private.product_variants (product_id, position);

-- Delivery prices by zone (the terms page's UK, Europe, rest of the world) and weight class.
create table app_private.shipping_rates (
  zone text not null check (zone in ('uk', 'europe', 'world')),
  weight_class text not null check (weight_class in ('letter', 'small', 'large')),
  amount_pence integer not null check (amount_pence between 0 and 1000000),
  primary key (zone, weight_class)
);
insert into app_private.shipping_rates (zone, weight_class, amount_pence) values
  ('uk', 'letter', 250), ('uk', 'small', 600), ('uk', 'large', 1500),
  ('europe', 'letter', 600), ('europe', 'small', 1500), ('europe', 'large', 3500),
  ('world', 'letter', 900), ('world', 'small', 2500), ('world', 'large', 6000);

create table app_private.orders (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- pending: its checkout is open (what it holds is held); expired: it was never paid (what it
  -- held went back); paid, shipped, refunded.
  status text not null default 'pending' check (status in ('pending', 'expired', 'paid', 'shipped', 'refunded')),
  -- The payment provider's checkout; null only between the order's insert and the checkout's creation.
  checkout_id text unique check (checkout_id is null or char_length(checkout_id) <= 255),
  checkout_expires_at timestamptz not null,
  subtotal_pence integer not null check (subtotal_pence >= 0),
  shipping_pence integer check (shipping_pence is null or shipping_pence >= 0),
  total_pence integer check (total_pence is null or total_pence >= 0),
  refunded_pence integer not null default 0 check (refunded_pence >= 0),
  payment_id text check (payment_id is null or char_length(payment_id) <= 255),
  email text check (email is null or char_length(email) <= 254),
  name text check (name is null or char_length(name) <= 200),
  -- { name, line1, line2, city, postalCode, state, country }
  shipping_address jsonb,
  paid_at timestamptz,
  shipped_at timestamptz,
  carrier text check (carrier is null or char_length(carrier) <= 60),
  tracking text check (tracking is null or char_length(tracking) <= 100),
  updated_at timestamptz not null default now()
);
create index orders_status_created on app_private.orders (status, created_at desc);
create index orders_pending_expiry on app_private.orders (checkout_expires_at) where status = 'pending';
create index orders_payment on app_private.orders (payment_id) where payment_id is not null;

-- What an order bought, at the price it was sold at: an original (artwork_id) or a variant.
create table app_private.order_lines (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references app_private.orders (id) on delete cascade,
  artwork_id uuid references public.artworks (id) on delete set null,
  variant_id uuid references app_private.product_variants (id) on delete set null,
  -- Kept as sold: a renamed or deleted item leaves its orders as they were.
  title text not null check (char_length(title) between 1 and 300),
  unit_pence integer not null check (unit_pence >= 0),
  quantity integer not null check (quantity between 1 and 100),
  original boolean not null default false,
  check ((original and quantity = 1) or not original)
);
create index order_lines_order on app_private.order_lines (order_id);

-- An original is held by one open checkout at a time: the primary key makes a second hold fail.
create table app_private.original_holds (
  artwork_id uuid primary key references public.artworks (id) on delete cascade,
  order_id uuid not null references app_private.orders (id) on delete cascade,
  expires_at timestamptz not null
);
create index original_holds_order on app_private.original_holds (order_id);

-- Originals sold through the shop: "Sold" on their pages from then on.
create table app_private.originals_sold (
  artwork_id uuid primary key references public.artworks (id) on delete cascade,
  order_id uuid not null references app_private.orders (id) on delete cascade,
  sold_at timestamptz not null default now()
);

-- Webhook events already applied, by the provider's event id: a redelivery changes nothing.
create table app_private.payment_events (
  id text primary key check (char_length(id) <= 255),
  type text not null check (char_length(type) <= 100),
  received_at timestamptz not null default now()
);

alter table app_private.products enable row level security;
alter table app_private.product_variants enable row level security;
alter table app_private.shipping_rates enable row level security;
alter table app_private.orders enable row level security;
alter table app_private.order_lines enable row level security;
alter table app_private.original_holds enable row level security;
alter table app_private.originals_sold enable row level security;
alter table app_private.payment_events enable row level security;
revoke all on app_private.products, app_private.product_variants, app_private.shipping_rates, app_private.orders,
  app_private.order_lines, app_private.original_holds, app_private.originals_sold, app_private.payment_events
  from public, anon, authenticated;
