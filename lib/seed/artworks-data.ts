export type SeedArtwork = {
  title: string;
  slug: string;
  category: 'Sanctuaries of the Mind' | 'Landscapes' | 'Seascapes' | 'Animals' | 'Florals' | 'Buildings';
  description: string;
  story: string;
  price: string;
  medium: string;
  widthMm: number;
  heightMm: number;
  year: number;
  framed: boolean;
  isForSale: boolean;
  availability: string;
  formatsAvailable: string[];
  tags: string[];
  keywords: string[];
  imageAlt: string;
  seoTitle: string;
  metaDescription: string;
  ogTitle: string;
  ogDescription: string;
  palette: [string, string, string, string];
  motif: 'horizon' | 'sea' | 'hills' | 'bloom' | 'creature' | 'rooftops' | 'mist';
  createdDaysAgo: number;
};

const PAPER = 'Watercolour on 300gsm cold-pressed cotton paper';
const ALL_FORMATS = ['Original', 'Archival print', 'Greeting card', 'Coaster'];

export const artistProfile = {
  name: 'Elena Marsh',
  email: 'hello@elenamarsh.art',
  instagram: 'https://www.instagram.com/elenamarsh.art',
  facebook: 'https://www.facebook.com/elenamarsh.art',
  twitter: 'https://twitter.com/elenamarshart',
  bio: 'Elena Marsh is a watercolour artist working from a small studio in Herne Hill, South London, painting the parks, coastlines and quiet interiors that help people breathe a little slower. Her Sanctuaries of the Mind series is made for therapy rooms, new homes and anyone who needs a calm place to rest their eyes.',
} as const;

export const seedArtworks: SeedArtwork[] = [
  // ------------------------------------------------------------------ Sanctuaries of the Mind
  {
    title: 'Quiet Hour at Dulwich Park Lake',
    slug: 'quiet-hour-at-dulwich-park-lake',
    category: 'Sanctuaries of the Mind',
    description:
      'Early mist lifting off the boating lake in Dulwich Park, painted in soft blue-grey washes that invite the eye to rest and the breath to slow.',
    story:
      'I walk through Dulwich Park most mornings before the studio, and in late October the lake holds a low mist until almost nine. The rowing boats are chained up, the herons stand perfectly still, and for a few minutes the whole park seems to be holding its breath.\n\nI painted this wet-into-wet on a single sheet, letting the blues and warm greys find their own edges. There are no hard lines anywhere in it, because I wanted nothing that asks for attention, only a place for the eye to drift.\n\nIt has hung in a counselling room in East Dulwich for a while now, and the therapist tells me clients often look at it while they gather their thoughts.',
    price: '480',
    medium: PAPER,
    widthMm: 560,
    heightMm: 380,
    year: 2024,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['calm', 'mist', 'dulwich park', 'therapy room', 'blue'],
    keywords: [
      'calming watercolour painting',
      'art for therapy rooms',
      'Dulwich Park painting',
      'misty lake watercolour',
      'South London artist',
      'mindful wall art',
    ],
    imageAlt:
      'Soft blue-grey watercolour of morning mist over Dulwich Park lake, with faint trees dissolving into pale light',
    seoTitle: 'Quiet Hour at Dulwich Park Lake | Elena Marsh',
    metaDescription:
      'Quiet Hour at Dulwich Park Lake: an original watercolour of morning mist by South London artist Elena Marsh, painted to bring stillness to therapy rooms.',
    ogTitle: 'Quiet Hour at Dulwich Park Lake: a calming watercolour',
    ogDescription:
      'Morning mist on the Dulwich Park lake in gentle blue-grey washes, painted to bring stillness to a therapy room or a quiet corner of home.',
    palette: ['#f5efe4', '#aebfd6', '#9cb5ad', '#e6c09a'],
    motif: 'mist',
    createdDaysAgo: 12,
  },
  {
    title: 'Where the Breath Slows',
    slug: 'where-the-breath-slows',
    category: 'Sanctuaries of the Mind',
    description:
      'A large, almost wordless wash of lavender, sage and warm dawn light, made for rooms where people come to unburden themselves and need somewhere gentle to look.',
    story:
      'This is the largest piece in the Sanctuaries series and the one I return to when I need to explain what the series is for. It began as a breathing exercise: one long wash on the in-breath, a pause, and a softer one on the out-breath, repeated until the paper was full.\n\nThe colours came from a February sunrise seen from the top of Brockwell Park, though nothing in the painting is a recognisable place any more. I wanted it to be a room you could walk into rather than a view you look at.\n\nBecause of its size I prefer to talk with buyers about the space it will live in, which is why the price is on request.',
    price: 'On Request',
    medium: 'Watercolour on 640gsm cold-pressed cotton paper',
    widthMm: 1020,
    heightMm: 760,
    year: 2025,
    framed: true,
    isForSale: true,
    availability: 'Available on request',
    formatsAvailable: ['Original', 'Archival print'],
    tags: ['breath', 'lavender', 'large scale', 'therapy room', 'abstract'],
    keywords: [
      'large calming artwork',
      'abstract watercolour for therapy room',
      'lavender and sage painting',
      'mindfulness art',
      'wellbeing wall art',
      'original watercolour London',
    ],
    imageAlt:
      'Large abstract watercolour of soft lavender, sage and peach washes blending like dawn light through mist',
    seoTitle: 'Where the Breath Slows | Sanctuaries of the Mind',
    metaDescription:
      'Where the Breath Slows: a large abstract watercolour in lavender, sage and dawn light by Elena Marsh, made for therapy rooms and calm, reflective spaces.',
    ogTitle: 'Where the Breath Slows by Elena Marsh',
    ogDescription:
      'A large abstract watercolour of lavender, sage and dawn light, painted as a breathing exercise and made for calm, reflective rooms.',
    palette: ['#f6f0e6', '#c9b8d8', '#8da6b8', '#e9b8a0'],
    motif: 'mist',
    createdDaysAgo: 37,
  },
  {
    title: 'Blue Hour on the South Downs',
    slug: 'blue-hour-on-the-south-downs',
    category: 'Sanctuaries of the Mind',
    description:
      'The long folds of the South Downs fading into violet dusk, the last warmth of the day held low on the horizon like a lamp left on in another room.',
    story:
      'I started this on the chalk path above Firle after a day of sketching, when the light dropped and the hills turned from green to blue in a matter of minutes. I had time for three quick washes before it was too dark to see the palette.\n\nBack in Herne Hill I let those first marks be the structure and glazed over them slowly across a week, each layer a little cooler, until the distance felt as far away as it did that evening.\n\nPeople tell me it reminds them of the drive home after a good day out, which is exactly the feeling I hoped it would keep.',
    price: '620',
    medium: PAPER,
    widthMm: 600,
    heightMm: 400,
    year: 2024,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['south downs', 'dusk', 'blue', 'calm', 'hills'],
    keywords: [
      'South Downs watercolour',
      'blue hour painting',
      'calming landscape art',
      'Sussex hills artwork',
      'art for bedroom',
      'peaceful wall art',
    ],
    imageAlt:
      'Watercolour of the South Downs at dusk, layered blue and violet hills under a pale sky with a warm glow on the horizon',
    seoTitle: 'Blue Hour on the South Downs | Elena Marsh',
    metaDescription:
      'Blue Hour on the South Downs: layered blue hills and a last warm glow in a calming original watercolour by Elena Marsh, for bedrooms and quiet rooms too.',
    ogTitle: 'Blue Hour on the South Downs: a Sanctuary of the Mind',
    ogDescription:
      'Layered blue hills and a last warm glow over the South Downs, a quiet watercolour for bedrooms, reading corners and therapy rooms.',
    palette: ['#f6efe3', '#c4d3dc', '#8f9fb8', '#e4b98e'],
    motif: 'mist',
    createdDaysAgo: 64,
  },
  {
    title: 'Harbour Light, Whitstable Dawn',
    slug: 'harbour-light-whitstable-dawn',
    category: 'Sanctuaries of the Mind',
    description:
      'Pale gold light breaking over the still harbour at Whitstable, the fishing boats reduced to soft shapes and the water barely distinguishable from the sky.',
    story:
      'I stayed in a fisherman’s hut on the beach for a week in March and woke every day at half past five to watch the harbour. Most mornings were grey; on the last one the sun came up through a thin sea fog and everything turned the colour of weak tea and honey.\n\nI painted it fast, standing at the window, and barely touched it afterwards. The boats are only a few dabs of warm grey; the rest is water and air running into each other.\n\nThe original now lives with a family in Faversham, but it remains one of the most requested prints in the series.',
    price: '540',
    medium: PAPER,
    widthMm: 500,
    heightMm: 350,
    year: 2023,
    framed: false,
    isForSale: false,
    availability: 'Sold',
    formatsAvailable: ['Archival print', 'Greeting card', 'Coaster'],
    tags: ['whitstable', 'harbour', 'dawn', 'gold', 'coast'],
    keywords: [
      'Whitstable harbour painting',
      'dawn watercolour',
      'Kent coast art print',
      'calming sea fog artwork',
      'golden light painting',
      'archival print watercolour',
    ],
    imageAlt:
      'Misty dawn watercolour of Whitstable harbour in pale gold and grey, with fishing boats as soft blurred shapes',
    seoTitle: 'Harbour Light, Whitstable Dawn | Elena Marsh',
    metaDescription:
      'Harbour Light, Whitstable Dawn by Elena Marsh: sea fog and pale gold light over the Kent harbour. Original sold; archival prints, cards and coasters now.',
    ogTitle: 'Harbour Light, Whitstable Dawn: watercolour print',
    ogDescription:
      'Sea fog and gold light over Whitstable harbour at sunrise. The original is sold; archival prints, cards and coasters are available.',
    palette: ['#f4efe6', '#d9c9a6', '#9fb0b4', '#e2b56e'],
    motif: 'mist',
    createdDaysAgo: 215,
  },
  // ------------------------------------------------------------------ Landscapes
  {
    title: 'Ditchling Beacon in Late Summer',
    slug: 'ditchling-beacon-in-late-summer',
    category: 'Landscapes',
    description:
      'Rolling chalk downland above Ditchling in August, the grass bleached to straw and the Weald stretching away in hazy blue-green layers below.',
    story:
      'The walk up Ditchling Beacon is steep enough that you arrive breathless, and then the view undoes you. On the day I painted this the Weald was full of heat haze and each ridge was a shade paler than the one in front of it.\n\nI worked on a small block on my knee, then repainted it at full size in the studio, keeping the hills as simple overlapping washes so the sense of distance did the work.\n\nIt is a cheerful, open painting, and I think it suits a hallway or kitchen where people want a bit of air.',
    price: '450',
    medium: PAPER,
    widthMm: 560,
    heightMm: 380,
    year: 2025,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['south downs', 'summer', 'chalk downland', 'sussex', 'hills'],
    keywords: [
      'Ditchling Beacon painting',
      'South Downs landscape art',
      'Sussex watercolour',
      'summer hills painting',
      'art for new home',
      'original landscape watercolour',
    ],
    imageAlt:
      'Watercolour of Ditchling Beacon in late summer, pale straw-coloured downs over layered blue-green hills in haze',
    seoTitle: 'Ditchling Beacon in Late Summer | Watercolour',
    metaDescription:
      'Ditchling Beacon in Late Summer: chalk downland and hazy Wealden ridges in an airy original watercolour by Elena Marsh, a fine piece for a first new home.',
    ogTitle: 'Ditchling Beacon in Late Summer by Elena Marsh',
    ogDescription:
      'Chalk downland and hazy Wealden ridges in an airy original watercolour, ideal for a hallway, kitchen or first home.',
    palette: ['#f6f0e2', '#c5d6e0', '#7f9a6b', '#c9a66b'],
    motif: 'hills',
    createdDaysAgo: 8,
  },
  {
    title: 'Evening over One Tree Hill',
    slug: 'evening-over-one-tree-hill',
    category: 'Landscapes',
    description:
      'The view from One Tree Hill in Honor Oak as the sun goes down, treetops in silhouette and the city a soft apricot haze on the horizon.',
    story:
      'One Tree Hill is one of South London’s best-kept secrets: a short climb through the woods and suddenly you can see right across to the City. I went up on a warm evening in June with a folding stool and a flask.\n\nI kept the skyline deliberately vague, because what I loved was not the buildings but the warm band of light resting on top of them and the dark, rounded oaks in front.\n\nIt is a painting about local places being enough, and it has found a lot of friends among people who have just moved to Forest Hill and Honor Oak.',
    price: '380',
    medium: PAPER,
    widthMm: 500,
    heightMm: 350,
    year: 2024,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['honor oak', 'sunset', 'south london', 'trees', 'apricot'],
    keywords: [
      'One Tree Hill painting',
      'Honor Oak artwork',
      'South London landscape watercolour',
      'sunset over London art',
      'local art gift',
      'Forest Hill artist',
    ],
    imageAlt:
      'Watercolour of the view from One Tree Hill at sunset, dark rounded trees against an apricot haze over distant London',
    seoTitle: 'Evening over One Tree Hill | Elena Marsh',
    metaDescription:
      'Evening over One Tree Hill: oaks and an apricot haze over London from Honor Oak, an original South London watercolour by Elena Marsh, with prints too.',
    ogTitle: 'Evening over One Tree Hill: South London at sunset',
    ogDescription:
      'Rounded oaks and an apricot haze over the city, painted from One Tree Hill in Honor Oak on a warm June evening.',
    palette: ['#f7efe2', '#e8c4a0', '#7e8f6a', '#d2795a'],
    motif: 'horizon',
    createdDaysAgo: 91,
  },
  {
    title: 'Barley Fields near Alfriston',
    slug: 'barley-fields-near-alfriston',
    category: 'Landscapes',
    description:
      'Silver-gold barley moving in the wind along the Cuckmere valley near Alfriston, with a line of hawthorn hedges and a wide, rinsed-blue Sussex sky.',
    story:
      'I came across this field by accident, having taken the wrong footpath out of Alfriston, and stayed for most of an afternoon. The barley kept changing colour as the wind went through it, silver one moment and gold the next.\n\nTo catch that shimmer I laid a warm yellow wash first, let it dry completely, and then dragged a nearly dry brush of cool grey across the texture of the paper so the light breaks through in tiny flecks.\n\nIt is a generous, summery picture, and I like to imagine it in a farmhouse kitchen or a sunny London flat that needs a window onto the country.',
    price: '420',
    medium: PAPER,
    widthMm: 560,
    heightMm: 380,
    year: 2023,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['barley', 'sussex', 'fields', 'summer', 'countryside'],
    keywords: [
      'Alfriston painting',
      'barley field watercolour',
      'Cuckmere valley art',
      'English countryside painting',
      'summer landscape print',
      'kitchen wall art',
    ],
    imageAlt:
      'Watercolour of golden barley fields near Alfriston under a wide blue sky, with dark hawthorn hedges in the middle distance',
    seoTitle: 'Barley Fields near Alfriston | Watercolour',
    metaDescription:
      'Barley Fields near Alfriston: silver-gold barley and hawthorn hedges in the Cuckmere valley, an original Sussex landscape watercolour by Elena Marsh, 2023.',
    ogTitle: 'Barley Fields near Alfriston: a Sussex watercolour',
    ogDescription:
      'Silver-gold barley, hawthorn hedges and a rinsed-blue sky in the Cuckmere valley, an original summer landscape by Elena Marsh.',
    palette: ['#f7f1e3', '#c9d9e3', '#b59a58', '#8a9a5b'],
    motif: 'horizon',
    createdDaysAgo: 302,
  },
  {
    title: 'Box Hill after Rain',
    slug: 'box-hill-after-rain',
    category: 'Landscapes',
    description:
      'The wooded slopes of Box Hill steaming after a summer downpour, with cloud shadows crossing the Mole valley and the box trees glistening dark green.',
    story:
      'I was caught in a cloudburst on the Burford Spur and sheltered under the yews until it passed. When I came out the whole valley was breathing: mist rising off the woods, sunlight in patches, everything smelling of wet chalk.\n\nThis is a wet painting in every sense. I soaked the sheet, dropped in greens and blues, and tilted the board so the colour ran downhill the way the rainwater had.\n\nIt is a large, atmospheric piece that needs a wall of its own, so I am happy to discuss framing and delivery directly.',
    price: 'On Request',
    medium: 'Watercolour on 640gsm rough cotton paper',
    widthMm: 760,
    heightMm: 560,
    year: 2025,
    framed: true,
    isForSale: true,
    availability: 'Available on request',
    formatsAvailable: ['Original', 'Archival print'],
    tags: ['box hill', 'surrey', 'rain', 'woodland', 'green'],
    keywords: [
      'Box Hill painting',
      'Surrey Hills watercolour',
      'rain landscape art',
      'large original watercolour',
      'woodland painting for living room',
      'Mole valley art',
    ],
    imageAlt:
      'Watercolour of Box Hill after rain, dark green wooded slopes with mist rising and cloud shadows over the valley',
    seoTitle: 'Box Hill after Rain | Elena Marsh Watercolour',
    metaDescription:
      'Box Hill after Rain: mist rising from rain-soaked woods above the Mole valley in a large, atmospheric watercolour by Elena Marsh. The price is on request.',
    ogTitle: 'Box Hill after Rain by Elena Marsh',
    ogDescription:
      'Mist rising from rain-soaked woods above the Mole valley, a large atmospheric watercolour of the Surrey Hills.',
    palette: ['#f4f0e6', '#b9c8cf', '#5f7f5a', '#a7b98a'],
    motif: 'hills',
    createdDaysAgo: 143,
  },
  // ------------------------------------------------------------------ Seascapes
  {
    title: 'Camber Sands, Low Tide',
    slug: 'camber-sands-low-tide',
    category: 'Seascapes',
    description:
      'The vast flat beach at Camber Sands with the tide far out, shallow pools mirroring the sky and the dunes a soft warm line at the edge of the picture.',
    story:
      'At low tide Camber seems to go on forever, and the people walking their dogs out towards the water look tiny against it. I wanted to paint that sense of room, of being allowed to take up space.\n\nMost of the paper is left almost bare. The sea is a single sweep of cool blue, the sand a pale ochre, and the pools are simply places where I lifted the colour back out with a damp brush.\n\nIt is a favourite with people who need a painting that feels like a deep breath of sea air at the end of a long week.',
    price: '450',
    medium: PAPER,
    widthMm: 600,
    heightMm: 400,
    year: 2025,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['camber sands', 'beach', 'low tide', 'east sussex', 'sea'],
    keywords: [
      'Camber Sands painting',
      'beach watercolour',
      'East Sussex seascape',
      'coastal wall art',
      'calming sea painting',
      'original beach art',
    ],
    imageAlt:
      'Watercolour of Camber Sands at low tide, a wide pale beach, shallow pools reflecting sky and a calm blue sea',
    seoTitle: 'Camber Sands, Low Tide | Seascape Watercolour',
    metaDescription:
      'Camber Sands, Low Tide: a wide, quiet beach with pools mirroring the sky in a calming original seascape watercolour by Elena Marsh, with prints and cards.',
    ogTitle: 'Camber Sands, Low Tide: an original seascape',
    ogDescription:
      'A wide, quiet beach with the tide far out and pools mirroring the sky, painted with plenty of bare paper to let the light in.',
    palette: ['#f4f1ea', '#bcd3e0', '#4f7f95', '#dcc39a'],
    motif: 'sea',
    createdDaysAgo: 21,
  },
  {
    title: 'Shingle and Sea at Dungeness',
    slug: 'shingle-and-sea-at-dungeness',
    category: 'Seascapes',
    description:
      'The strange, beautiful flatness of Dungeness: grey-green sea, banks of shingle and a huge sky, painted in restrained washes of slate, sage and stone.',
    story:
      'Dungeness is the only place in England that looks like nowhere else. I went on a blustery day in November and sat in the lee of a fishing boat, sketching until my fingers stopped working.\n\nThe palette is almost colourless, but I mixed every grey from three pigments so the stones and the sea keep a little warmth and a little green. The granulating blue settles into the paper texture like sand.\n\nIt is a quiet, thoughtful seascape that works beautifully in a minimal room with pale walls and natural wood.',
    price: '395',
    medium: PAPER,
    widthMm: 500,
    heightMm: 350,
    year: 2023,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['dungeness', 'kent', 'shingle', 'grey', 'minimal'],
    keywords: [
      'Dungeness painting',
      'Kent coast watercolour',
      'shingle beach art',
      'minimal seascape',
      'grey and green wall art',
      'coastal artwork gift',
    ],
    imageAlt:
      'Muted watercolour of Dungeness, grey-green sea beneath a huge pale sky with banks of stone-coloured shingle in front',
    seoTitle: 'Shingle and Sea at Dungeness | Elena Marsh',
    metaDescription:
      'Shingle and Sea at Dungeness: slate, sage and stone washes capture the Kent coast in a restrained, contemplative original watercolour by Elena Marsh, 2023.',
    ogTitle: 'Shingle and Sea at Dungeness: a quiet seascape',
    ogDescription:
      'Slate, sage and stone washes capture the wide emptiness of Dungeness in a restrained, contemplative original watercolour.',
    palette: ['#f2f0ea', '#c7cfd0', '#6f8580', '#bfb29a'],
    motif: 'sea',
    createdDaysAgo: 260,
  },
  {
    title: 'Seven Sisters from Cuckmere Haven',
    slug: 'seven-sisters-from-cuckmere-haven',
    category: 'Seascapes',
    description:
      'The white cliffs of the Seven Sisters catching the afternoon sun above a turquoise sea, seen from the beach at Cuckmere Haven on a clear spring day.',
    story:
      'Everyone paints the Seven Sisters from the coastguard cottages, so I walked the other way and looked back at them from the mouth of the Cuckmere. From there the cliffs stack up like folded paper, each one catching the light a little differently.\n\nThe white of the chalk is simply the white of the paper, protected while I laid in the sea and sky around it. The turquoise is a mix of cobalt teal and a touch of yellow ochre.\n\nIt is a bright, optimistic painting and makes a lovely gift for anyone who has walked that stretch of coast.',
    price: '520',
    medium: PAPER,
    widthMm: 600,
    heightMm: 400,
    year: 2024,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['seven sisters', 'cliffs', 'sussex coast', 'turquoise', 'spring'],
    keywords: [
      'Seven Sisters painting',
      'Cuckmere Haven watercolour',
      'white cliffs art',
      'Sussex coast print',
      'turquoise sea painting',
      'seascape gift',
    ],
    imageAlt:
      'Watercolour of the Seven Sisters chalk cliffs above a turquoise sea, seen from the beach at Cuckmere Haven',
    seoTitle: 'Seven Sisters from Cuckmere Haven | Watercolour',
    metaDescription:
      'Seven Sisters from Cuckmere Haven: sunlit chalk cliffs above a turquoise sea in a bright spring watercolour by Elena Marsh. Original and prints available.',
    ogTitle: 'Seven Sisters from Cuckmere Haven by Elena Marsh',
    ogDescription:
      'Sunlit chalk cliffs and a turquoise sea in a bright spring watercolour of the Sussex coast, available as an original and prints.',
    palette: ['#f5f2ea', '#c3dbe4', '#3f8a8c', '#e0d2b0'],
    motif: 'sea',
    createdDaysAgo: 118,
  },
  {
    title: 'Broadstairs Morning Swim',
    slug: 'broadstairs-morning-swim',
    category: 'Seascapes',
    description:
      'Viking Bay at Broadstairs just after sunrise, the sea flat and silver-blue, a few early swimmers leaving soft ripples across the calm water.',
    story:
      'My sister swims at Viking Bay all year round and talked me into joining her one September morning. I lasted four minutes in the water and spent the next hour on the sand with my paints, much happier.\n\nThe sea was like polished pewter, with only the swimmers breaking it. I painted the ripples with the tip of a rigger brush and let them bleed slightly into the damp wash beneath.\n\nIt is a small, cheerful piece, perfect for a bathroom or a bedroom wall, and a popular card for sea swimmers.',
    price: '240',
    medium: PAPER,
    widthMm: 380,
    heightMm: 280,
    year: 2025,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['broadstairs', 'sea swimming', 'morning', 'kent', 'silver'],
    keywords: [
      'Broadstairs painting',
      'Viking Bay watercolour',
      'sea swimming art',
      'Kent seaside print',
      'small original watercolour',
      'bathroom wall art',
    ],
    imageAlt:
      'Small watercolour of Viking Bay, Broadstairs at sunrise, a calm silver-blue sea with soft ripples from early swimmers',
    seoTitle: 'Broadstairs Morning Swim | Elena Marsh',
    metaDescription:
      'Broadstairs Morning Swim: calm silver-blue water at Viking Bay as early swimmers head out, a small original watercolour by Elena Marsh, also on cards.',
    ogTitle: 'Broadstairs Morning Swim: a small seaside watercolour',
    ogDescription:
      'Silver-blue calm at Viking Bay as the early swimmers head out, a cheerful small original that also comes as a card and coaster.',
    palette: ['#f5f1ea', '#cbd8e2', '#7c9fb3', '#e2caa4'],
    motif: 'sea',
    createdDaysAgo: 46,
  },
  // ------------------------------------------------------------------ Animals
  {
    title: 'Hare in the Long Grass',
    slug: 'hare-in-the-long-grass',
    category: 'Animals',
    description:
      'A brown hare crouched and watchful in the long grass of a Sussex meadow, painted in warm umber washes with soft edges that let it melt into its field.',
    story:
      'I had been trying to paint a hare for two years and kept making them too stiff. This one came after an evening on the Downs near Firle, watching one sit completely still for almost ten minutes before it bolted.\n\nI painted the body in one wet wash of burnt umber and raw sienna and let it bloom outwards, then added only the eye, the dark ear tips and a few strokes for the whiskers.\n\nHares mean a lot of different things to people. Most buyers tell me this one simply feels alert and at peace at the same time.',
    price: '350',
    medium: PAPER,
    widthMm: 400,
    heightMm: 300,
    year: 2024,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['hare', 'wildlife', 'meadow', 'brown', 'sussex'],
    keywords: [
      'hare watercolour painting',
      'wildlife art print',
      'brown hare artwork',
      'countryside animal painting',
      'nursery wall art',
      'hare gift',
    ],
    imageAlt:
      'Watercolour of a brown hare crouched in long grass, warm umber washes with tall dark ears against a pale meadow',
    seoTitle: 'Hare in the Long Grass | Watercolour by Elena Marsh',
    metaDescription:
      'Hare in the Long Grass: a watchful brown hare in warm umber washes, an original wildlife watercolour by Elena Marsh, also available as prints and cards.',
    ogTitle: 'Hare in the Long Grass: an original wildlife watercolour',
    ogDescription:
      'A watchful brown hare in warm umber washes, painted after an evening on the South Downs. Also available as prints and cards.',
    palette: ['#f6efe3', '#d9cbb3', '#9a7455', '#c77b4a'],
    motif: 'creature',
    createdDaysAgo: 74,
  },
  {
    title: 'The Crystal Palace Fox',
    slug: 'the-crystal-palace-fox',
    category: 'Animals',
    description:
      'An urban fox curled on a warm step near the Crystal Palace dinosaurs, russet fur glowing against cool grey stone in the low winter afternoon sun.',
    story:
      'South London foxes are bolder than any country fox. This one had made a habit of sunning itself near the dinosaur lake in Crystal Palace Park and barely looked up as I unfolded my stool a few metres away.\n\nI used a granulating burnt sienna for the fur so the pigment would settle into the paper and give a sense of texture without my fussing over every hair. The stone is a cool wash of blue and grey to make the orange sing.\n\nThis original went to a family who had just moved to Sydenham. They wanted their first painting in the new house to be of a neighbour.',
    price: '320',
    medium: PAPER,
    widthMm: 400,
    heightMm: 300,
    year: 2023,
    framed: true,
    isForSale: false,
    availability: 'Sold',
    formatsAvailable: ['Archival print', 'Greeting card', 'Coaster'],
    tags: ['fox', 'crystal palace', 'urban wildlife', 'russet', 'south london'],
    keywords: [
      'urban fox painting',
      'Crystal Palace art',
      'South London fox watercolour',
      'fox art print',
      'wildlife greeting card',
      'London animal art',
    ],
    imageAlt:
      'Watercolour of a russet urban fox curled on a grey stone step in Crystal Palace Park, lit by low winter sun',
    seoTitle: 'The Crystal Palace Fox | Elena Marsh Watercolour',
    metaDescription:
      'The Crystal Palace Fox by Elena Marsh: a russet urban fox basking near the park dinosaurs. Original sold; archival prints, cards and coasters available.',
    ogTitle: 'The Crystal Palace Fox: South London wildlife',
    ogDescription:
      'A russet fox basking near the Crystal Palace dinosaurs. The original is sold; archival prints, greeting cards and coasters remain.',
    palette: ['#f5efe6', '#c9d1d8', '#b0643a', '#7f8c99'],
    motif: 'creature',
    createdDaysAgo: 330,
  },
  {
    title: 'Sleeping Tabby on the Windowsill',
    slug: 'sleeping-tabby-on-the-windowsill',
    category: 'Animals',
    description:
      'A tabby cat asleep in a patch of spring sunshine on a Victorian sash windowsill, painted in honeyed browns and soft shadows that feel warm to the touch.',
    story:
      'Biscuit belongs to my neighbour in Herne Hill and spends every sunny afternoon on the same windowsill opposite my studio. I must have drawn him fifty times; this is the first painting I was happy with.\n\nThe stripes are not painted so much as suggested: I laid a honey-coloured wash, then dropped darker brown into it while it was still wet and let the pigment find its own pattern.\n\nCat owners seem to recognise their own cat in it, which I take as the best compliment a painting of a cat can get.',
    price: '280',
    medium: PAPER,
    widthMm: 380,
    heightMm: 280,
    year: 2025,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['cat', 'tabby', 'sunlight', 'home', 'warm'],
    keywords: [
      'tabby cat painting',
      'cat watercolour art',
      'cat lover gift',
      'sleeping cat print',
      'cosy wall art',
      'pet painting London',
    ],
    imageAlt:
      'Watercolour of a tabby cat curled asleep on a sunny sash windowsill, honey-brown fur and soft blue shadows',
    seoTitle: 'Sleeping Tabby on the Windowsill | Cat Watercolour',
    metaDescription:
      'Sleeping Tabby on the Windowsill: a tabby asleep in spring sunshine, painted in honeyed browns by Elena Marsh. A warm original and a lovely card for cat lovers.',
    ogTitle: 'Sleeping Tabby on the Windowsill by Elena Marsh',
    ogDescription:
      'Honeyed browns and soft shadows: a tabby asleep in spring sunshine, a warm little original and a favourite card for cat lovers.',
    palette: ['#f7f0e4', '#e3d2b8', '#a67c4e', '#7d95ad'],
    motif: 'creature',
    createdDaysAgo: 29,
  },
  {
    title: 'Young Rabbit at Nunhead Cemetery',
    slug: 'young-rabbit-at-nunhead-cemetery',
    category: 'Animals',
    description:
      'A young rabbit pausing among the ivy and wild garlic of Nunhead Cemetery, one of South London’s wildest corners, painted in soft greens and fawn.',
    story:
      'Nunhead Cemetery has become a nature reserve in all but name, and on quiet weekday mornings the rabbits come right out onto the paths. This one sat beside a leaning headstone just long enough for a sketch.\n\nI kept the rabbit pale and small in the picture, surrounded by loose dabs of wild garlic green, because the feeling I wanted was of something gentle being safe in an overgrown place.\n\nIt is a tender, modest painting and has turned out to be a popular gift for new parents and for people marking an anniversary.',
    price: '260',
    medium: PAPER,
    widthMm: 380,
    heightMm: 280,
    year: 2024,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['rabbit', 'nunhead', 'wild garlic', 'spring', 'gentle'],
    keywords: [
      'rabbit watercolour',
      'Nunhead Cemetery art',
      'spring animal painting',
      'new baby gift art',
      'South London wildlife',
      'gentle nursery print',
    ],
    imageAlt: 'Watercolour of a small fawn rabbit among ivy and wild garlic in Nunhead Cemetery, soft greens around it',
    seoTitle: 'Young Rabbit at Nunhead Cemetery | Elena Marsh',
    metaDescription:
      'Young Rabbit at Nunhead Cemetery: a fawn rabbit among ivy and wild garlic in a tender, gentle watercolour by Elena Marsh. A lovely gift for new parents.',
    ogTitle: 'Young Rabbit at Nunhead Cemetery: a gentle watercolour',
    ogDescription:
      'A fawn rabbit among wild garlic in one of South London’s wildest corners, a tender small original and a lovely gift print.',
    palette: ['#f5f1e6', '#cfdcc4', '#a08868', '#7c9a63'],
    motif: 'creature',
    createdDaysAgo: 177,
  },
  // ------------------------------------------------------------------ Florals
  {
    title: 'Peonies for a New Home',
    slug: 'peonies-for-a-new-home',
    category: 'Florals',
    description:
      'Three blowsy pink peonies in full bloom, painted loosely with petals bleeding into each other, a joyful and generous piece for a first front door.',
    story:
      'A friend asked me to paint something for her first flat in Camberwell and said only that it should feel like a welcome. Peonies were the obvious answer: they open so extravagantly that they always look like they are celebrating something.\n\nI painted each flower in a single wet pass, dropping rose madder into the centres and letting it run out to the petal edges, where it dries into those darker rims watercolour does so beautifully.\n\nThis is the second version, painted after the first went to my friend, and it is still my most popular card.',
    price: '340',
    medium: PAPER,
    widthMm: 400,
    heightMm: 400,
    year: 2025,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['peonies', 'pink', 'housewarming', 'flowers', 'joyful'],
    keywords: [
      'peony watercolour painting',
      'housewarming gift art',
      'pink floral wall art',
      'new home painting',
      'flower art print',
      'peony greeting card',
    ],
    imageAlt:
      'Loose watercolour of three pink peonies in full bloom, petals bleeding softly into each other on warm white paper',
    seoTitle: 'Peonies for a New Home | Floral Watercolour',
    metaDescription:
      'Peonies for a New Home: blowsy pink peonies painted wet-into-wet by Elena Marsh, a joyful floral original that makes a warm housewarming gift or card.',
    ogTitle: 'Peonies for a New Home by Elena Marsh',
    ogDescription:
      'Blowsy pink peonies painted wet-into-wet, a joyful square original that makes a warm housewarming gift. Prints and cards too.',
    palette: ['#f8f1e7', '#d68a9a', '#6f9470', '#e8b04f'],
    motif: 'bloom',
    createdDaysAgo: 16,
  },
  {
    title: 'Kew Poppies in June',
    slug: 'kew-poppies-in-june',
    category: 'Florals',
    description:
      'Scarlet and coral poppies from the borders at Kew Gardens, their papery petals glowing against feathery grey-green foliage on a bright June morning.',
    story:
      'The poppy borders at Kew only look like this for about ten days, and I went three times that week to catch them. Poppy petals are so thin the sun shines straight through them, which is a gift for a watercolourist.\n\nI used transparent pyrrole scarlet so the overlaps would deepen naturally where one petal crosses another, and kept the foliage cool and loose so it would not compete.\n\nIt is a vivid painting that brightens a grey wall, and a good choice for someone who loves a garden but does not have one.',
    price: '360',
    medium: PAPER,
    widthMm: 400,
    heightMm: 300,
    year: 2024,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['poppies', 'kew gardens', 'red', 'summer', 'garden'],
    keywords: [
      'poppy watercolour',
      'Kew Gardens painting',
      'red flower art',
      'summer floral print',
      'botanical watercolour gift',
      'garden lover gift',
    ],
    imageAlt:
      'Watercolour of scarlet and coral poppies at Kew Gardens, translucent petals over loose grey-green foliage',
    seoTitle: 'Kew Poppies in June | Elena Marsh Watercolour',
    metaDescription:
      'Kew Poppies in June: translucent scarlet and coral poppies from the Kew Gardens borders, a vivid summer floral watercolour by South London artist Elena Marsh.',
    ogTitle: 'Kew Poppies in June: a bright floral original',
    ogDescription:
      'Translucent scarlet and coral poppies from the Kew Gardens borders, a vivid summer watercolour that lifts a grey wall.',
    palette: ['#f8f2e8', '#d9584a', '#7f9a84', '#ee9b6e'],
    motif: 'bloom',
    createdDaysAgo: 190,
  },
  {
    title: 'Sweet Peas from the Allotment',
    slug: 'sweet-peas-from-the-allotment',
    category: 'Florals',
    description:
      'A jam jar of sweet peas from a Brockley allotment in lilac, raspberry and cream, painted quickly on a summer evening before their scent filled the room.',
    story:
      'My allotment neighbour in Brockley grows sweet peas along the whole length of her plot and is always pressing bunches on anyone who walks past. I brought these home in a jam jar and painted them the same evening.\n\nSweet peas are frilly and fragile, so I worked fast and wet, letting the lilac and raspberry wander into each other and keeping the tendrils as quick flicks of a fine brush.\n\nIt is an unpretentious, happy painting. I think it belongs in a kitchen, or on the wall of someone who has just taken on their first allotment.',
    price: '95',
    medium: 'Watercolour on 300gsm cold-pressed cotton paper, unframed study',
    widthMm: 300,
    heightMm: 300,
    year: 2025,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['sweet peas', 'allotment', 'lilac', 'kitchen', 'study'],
    keywords: [
      'sweet pea painting',
      'allotment flower art',
      'small watercolour study',
      'kitchen wall art',
      'affordable original art',
      'cottage garden print',
    ],
    imageAlt:
      'Small watercolour of lilac, raspberry and cream sweet peas in a jam jar, with fine curling green tendrils',
    seoTitle: 'Sweet Peas from the Allotment | Watercolour Study',
    metaDescription:
      'Sweet Peas from the Allotment: lilac, raspberry and cream sweet peas in a jam jar, a small and affordable original watercolour study by Elena Marsh, 2025.',
    ogTitle: 'Sweet Peas from the Allotment by Elena Marsh',
    ogDescription:
      'Lilac, raspberry and cream sweet peas in a jam jar, a quick and happy small watercolour study that makes an affordable original.',
    palette: ['#f8f2ea', '#b99ac9', '#85a37a', '#d86a8a'],
    motif: 'bloom',
    createdDaysAgo: 55,
  },
  {
    title: 'Dahlias in the Walled Garden',
    slug: 'dahlias-in-the-walled-garden',
    category: 'Florals',
    description:
      'Autumn dahlias in apricot, plum and butter yellow from the walled garden in Brockwell Park, painted large and loose in the last warm days of September.',
    story:
      'The walled garden in Brockwell Park is a small miracle, and in September the dahlias take it over completely. I set up on a bench by the pond and painted for a whole afternoon while people wandered through with pushchairs and coffee.\n\nDahlias have so many petals that it is tempting to paint every one. I tried to do the opposite: a few confident shapes, plenty of water, and let the blooms form themselves on the paper.\n\nIt is rich and warm, suited to a dining room or anywhere that needs a bit of autumn glow through the darker months.',
    price: '410',
    medium: PAPER,
    widthMm: 500,
    heightMm: 400,
    year: 2023,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['dahlias', 'brockwell park', 'autumn', 'apricot', 'plum'],
    keywords: [
      'dahlia watercolour painting',
      'Brockwell Park walled garden',
      'autumn flower art',
      'warm floral wall art',
      'dining room painting',
      'South London garden art',
    ],
    imageAlt:
      'Loose watercolour of apricot, plum and yellow dahlias in Brockwell Park walled garden, warm autumn colours',
    seoTitle: 'Dahlias in the Walled Garden | Elena Marsh',
    metaDescription:
      'Dahlias in the Walled Garden: apricot, plum and yellow dahlias from Brockwell Park, painted large and loose by Elena Marsh to bring autumn warmth indoors.',
    ogTitle: 'Dahlias in the Walled Garden: an autumn watercolour',
    ogDescription:
      'Apricot, plum and butter-yellow dahlias from Brockwell Park, painted large and loose to bring autumn warmth indoors.',
    palette: ['#f7efe3', '#e29a6c', '#7a8f5e', '#9b4f74'],
    motif: 'bloom',
    createdDaysAgo: 241,
  },
  // ------------------------------------------------------------------ Buildings
  {
    title: 'Herne Hill Rooftops in the Rain',
    slug: 'herne-hill-rooftops-in-the-rain',
    category: 'Buildings',
    description:
      'The view from my studio window across the wet slate roofs and chimney pots of Herne Hill, with warm lit windows glowing through a grey afternoon shower.',
    story:
      'This is the view I look at every day: a jumble of Victorian terraces, slate roofs, chimney stacks and the odd loft conversion. On rainy afternoons the roofs shine like pewter and the windows come on early.\n\nI painted the rain by working into a very wet sheet and tipping it so the washes ran in soft vertical streaks, then adding the lit windows last with almost neat cadmium orange.\n\nIt is a large piece and a very personal one, so I would rather talk to buyers about it directly, but prints are available now.',
    price: 'On Request',
    medium: PAPER,
    widthMm: 760,
    heightMm: 560,
    year: 2026,
    framed: true,
    isForSale: true,
    availability: 'Available on request',
    formatsAvailable: ['Original', 'Archival print', 'Greeting card'],
    tags: ['herne hill', 'rooftops', 'rain', 'chimneys', 'south london'],
    keywords: [
      'Herne Hill painting',
      'London rooftops watercolour',
      'rainy city art',
      'Victorian terrace painting',
      'South London artwork',
      'chimney pots art print',
    ],
    imageAlt: 'Watercolour of wet slate rooftops and chimney pots in Herne Hill under grey rain, with warm lit windows',
    seoTitle: 'Herne Hill Rooftops in the Rain | Elena Marsh',
    metaDescription:
      'Herne Hill Rooftops in the Rain: wet slate roofs, chimney pots and warm windows seen from Elena Marsh’s South London studio. Original price on request.',
    ogTitle: 'Herne Hill Rooftops in the Rain by Elena Marsh',
    ogDescription:
      'Shining slate roofs, chimney pots and warm windows on a wet afternoon, the view from the artist’s South London studio.',
    palette: ['#f2efe9', '#b9c3cc', '#6f7480', '#d98a4a'],
    motif: 'rooftops',
    createdDaysAgo: 3,
  },
  {
    title: 'Brixton Windmill at First Light',
    slug: 'brixton-windmill-at-first-light',
    category: 'Buildings',
    description:
      'Brixton Windmill standing pale against a peach and lilac dawn, surrounded by the roofs of Lambeth, one of South London’s most unexpected landmarks.',
    story:
      'Most people are surprised to learn there is a working windmill in Brixton. It sits in a small park off Brixton Hill, hemmed in by houses, and at dawn the sails catch the light before anything else around them.\n\nI used a warm peach glaze for the sky and let it creep slightly into the white of the tower, so the building seems lit from inside. The neighbouring roofs are kept cool and simple to frame it.\n\nIt is a love letter to Lambeth and a good present for anyone who has lived in Brixton and carries a bit of it around with them.',
    price: '390',
    medium: PAPER,
    widthMm: 400,
    heightMm: 500,
    year: 2024,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['brixton', 'windmill', 'dawn', 'lambeth', 'landmark'],
    keywords: [
      'Brixton Windmill painting',
      'Brixton art print',
      'Lambeth landmark watercolour',
      'South London gift',
      'dawn sky painting',
      'London building art',
    ],
    imageAlt:
      'Watercolour of Brixton Windmill against a peach and lilac dawn sky, with cool grey Lambeth rooftops around it',
    seoTitle: 'Brixton Windmill at First Light | Watercolour',
    metaDescription:
      'Brixton Windmill at First Light: the pale tower glowing in a peach and lilac dawn over Lambeth roofs, an original South London watercolour by Elena Marsh.',
    ogTitle: 'Brixton Windmill at First Light: a Lambeth landmark',
    ogDescription:
      'The pale tower of Brixton Windmill glowing in a peach and lilac dawn, a watercolour love letter to South London.',
    palette: ['#f7efe6', '#e9c3b0', '#8c8aa6', '#d9956b'],
    motif: 'rooftops',
    createdDaysAgo: 102,
  },
  {
    title: 'Deal Seafront Cottages',
    slug: 'deal-seafront-cottages',
    category: 'Buildings',
    description:
      'A row of colourful Georgian cottages on the seafront at Deal in Kent, their pastel fronts and tiled roofs bright against a breezy sky after a squall.',
    story:
      'Deal has some of the loveliest seafront houses in England, each painted a slightly different shade as if the owners had quietly competed for decades. I sat on the shingle with my back to the sea to paint them.\n\nThe challenge was keeping the colours fresh. I painted each cottage front in a single wash, never going back over it, and left thin slivers of white paper between them to stop the colours muddying.\n\nIt is a happy, lively painting, ideal for a kitchen or a holiday let, and a popular reminder of weekends on the Kent coast.',
    price: '430',
    medium: PAPER,
    widthMm: 560,
    heightMm: 380,
    year: 2022,
    framed: true,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['deal', 'cottages', 'kent coast', 'pastel', 'seaside'],
    keywords: [
      'Deal seafront painting',
      'seaside cottages watercolour',
      'Kent coast art',
      'pastel houses painting',
      'holiday home wall art',
      'coastal town print',
    ],
    imageAlt:
      'Watercolour of pastel Georgian cottages with red tiled roofs on the seafront at Deal, under a breezy blue-grey sky',
    seoTitle: 'Deal Seafront Cottages | Elena Marsh Watercolour',
    metaDescription:
      'Deal Seafront Cottages: pastel Georgian fronts and tiled roofs on the Kent coast in a fresh, lively original watercolour by Elena Marsh, with prints too.',
    ogTitle: 'Deal Seafront Cottages: a Kent coast watercolour',
    ogDescription:
      'Pastel Georgian fronts and tiled roofs along the seafront at Deal, a fresh and lively original for a kitchen or holiday home.',
    palette: ['#f6efe4', '#c4d4e0', '#c89a8a', '#8aa6a0'],
    motif: 'rooftops',
    createdDaysAgo: 388,
  },
  {
    title: 'Lordship Lane Terraces at Dusk',
    slug: 'lordship-lane-terraces-at-dusk',
    category: 'Buildings',
    description:
      'Victorian shopfronts and terraces along Lordship Lane in East Dulwich at dusk, streetlights coming on and the sky fading from rose to deep blue.',
    story:
      'Lordship Lane at dusk has a particular glow: the cafés are closing, the pubs are filling up and the sky above the terraces goes through every shade from rose to ink in about twenty minutes.\n\nI painted the sky first, graded from warm to cool, and then laid the buildings over it as one darker, transparent shape, so the sky shows faintly through the brickwork like the end of the day does.\n\nThis one tends to go to people who have lived in East Dulwich for years, or who have just left and miss it.',
    price: '375',
    medium: PAPER,
    widthMm: 500,
    heightMm: 350,
    year: 2026,
    framed: false,
    isForSale: true,
    availability: 'Available',
    formatsAvailable: ALL_FORMATS,
    tags: ['east dulwich', 'lordship lane', 'dusk', 'terraces', 'streetlights'],
    keywords: [
      'Lordship Lane painting',
      'East Dulwich art',
      'London street watercolour',
      'Victorian terraces art',
      'dusk city painting',
      'South London gift print',
    ],
    imageAlt:
      'Watercolour of Victorian terraces and shopfronts on Lordship Lane at dusk, rose-to-blue sky and warm streetlights',
    seoTitle: 'Lordship Lane Terraces at Dusk | Elena Marsh',
    metaDescription:
      'Lordship Lane Terraces at Dusk: Victorian shopfronts in East Dulwich under a rose-to-ink sky, a fresh original South London watercolour by Elena Marsh.',
    ogTitle: 'Lordship Lane Terraces at Dusk by Elena Marsh',
    ogDescription:
      'East Dulwich as the streetlights come on, a rose-to-ink sky over Victorian shopfronts in transparent evening washes.',
    palette: ['#f5eee6', '#d9a9a8', '#5f6a8a', '#e6b060'],
    motif: 'rooftops',
    createdDaysAgo: 9,
  },
];
