import { readTimeFor } from '@/lib/read-time';

export type SeedStory = {
  id: number;
  slug: string;
  title: string;
  category: 'Sanctuaries of the Mind' | 'Techniques' | 'Inspiration';
  date: string;
  excerpt: string;
  imageUrl: string;
  alt: string;
  metaTitle: string;
  metaDescription: string;
  content: string;
  author: 'Elena Marsh';
  profileImage: '/images/artist-portrait-400.webp';
  tags: string[];
  readTime: string;
};

export const blogCategories = ['All', 'Sanctuaries of the Mind', 'Techniques', 'Inspiration'] as const;

type Sections = { backstory: string[]; offers: string[]; belongs: string[] };

/** Builds the article HTML: three fixed sections, each a heading and its paragraphs. */
function article({ backstory, offers, belongs }: Sections): string {
  const section = (heading: string, paragraphs: string[]) =>
    `<h2>${heading}</h2>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}`;
  return [
    section('Backstory', backstory),
    section('What It Offers', offers),
    section('Where It Belongs', belongs),
  ].join('\n');
}

const gallery = (slug: string, title: string) =>
  `<a href="/gallery/sanctuaries-of-the-mind/${slug}"><em>${title}</em></a>`;

type Draft = Omit<SeedStory, 'readTime' | 'author' | 'profileImage' | 'category' | 'content'> & { sections: Sections };

const drafts: Draft[] = [
  {
    id: 1,
    slug: 'painting-stillness-dulwich-park-lake',
    title: 'Painting Stillness: Quiet Hour at Dulwich Park Lake',
    date: '2024-11-14',
    excerpt:
      'How a daily walk past the boating lake in Dulwich Park became the first painting in the Sanctuaries of the Mind series, and why it has no hard edges at all.',
    imageUrl: '/blog/1.webp',
    alt: 'Soft blue-grey watercolour of morning mist drifting over still water, with a pale warm glow behind it',
    metaTitle: 'Painting Stillness at Dulwich Park Lake | Elena Marsh',
    metaDescription: '',
    tags: ['dulwich park', 'mist', 'therapy rooms', 'wet-into-wet', 'calm'],
    sections: {
      backstory: [
        'For three years I have walked through Dulwich Park on the way to my studio in Herne Hill. In summer it is all picnics and bicycles, but from October to February the mornings belong to the dog walkers, the herons and a low mist that settles over the boating lake and refuses to leave until the sun is properly up. The rowing boats sit chained together, the rhododendrons drip, and there is a particular hush that I have never found anywhere else in London.',
        'One morning I stopped on the little bridge and realised I had been standing there for twenty minutes without thinking about anything at all. I had not planned to paint the lake; I had been busy with commissions of houses and gardens. But that feeling of having my thoughts switched off for a while stayed with me all day, and by the evening I had soaked a sheet of paper and started what became ' +
          gallery('quiet-hour-at-dulwich-park-lake', 'Quiet Hour at Dulwich Park Lake') +
          '.',
        'It took four attempts. The first three were too descriptive: you could count the trees and name the boats. The fourth was painted almost entirely wet-into-wet, with the trees dropped in as pale grey and allowed to spread until they became more like memories of trees than trees.',
      ],
      offers: [
        'The painting offers very little to look at, and that is the point. There is no focal point that grabs you, no strong contrast, no story you need to work out. Your eye can wander across the blues and warm greys and never snag on anything. Several people who have spent time with it tell me that they find their breathing slowing down while they look, which is exactly what happened to me on that bridge.',
        'Technically, the calm comes from keeping every value close together. The darkest part of the painting is only a few shades darker than the lightest, so nothing shouts. I also let the paper show through in the centre, where the mist is thinnest, so the picture seems to glow gently from the inside rather than being lit from one side.',
        'I think of it as a resting place. You do not have to understand it or even like it very much; it simply asks nothing of you, and that can be a rare thing in a busy day.',
      ],
      belongs: [
        'The original hangs in a counselling room in East Dulwich, opposite the chair where clients sit. The therapist chose it because she wanted something for people to look at when eye contact feels like too much, and she tells me many clients rest their gaze on it while they find the right words. That is the best possible home I could have imagined for it.',
        'It would sit equally well in a bedroom, a reading corner or a hallway where people pause to take off their coats. It works best on a pale wall with soft daylight, away from bright spotlights, which flatten the subtle shifts of colour.',
        'If the original is not right for your space, archival prints are made on heavy cotton rag paper that keeps the softness of the washes, and the small greeting card version has become a quiet way of telling someone that you are thinking of them.',
      ],
    },
  },
  {
    id: 2,
    slug: 'where-the-breath-slows-a-painting-made-of-breathing',
    title: 'Where the Breath Slows: A Painting Made of Breathing',
    date: '2025-03-06',
    excerpt:
      'The largest painting in the Sanctuaries series began as a breathing exercise with a brush. Here is how it was made and why it suits rooms where people come to rest.',
    imageUrl: '/blog/2.webp',
    alt: 'Abstract watercolour of lavender and sage washes blending softly into a warm peach light',
    metaTitle: 'Where the Breath Slows: A Painting Made of Breathing',
    metaDescription: '',
    tags: ['breathing', 'abstract', 'large scale', 'lavender', 'wellbeing'],
    sections: {
      backstory: [
        'Last winter was a difficult one for me. A family illness meant long hours in hospital corridors, and I found myself unable to paint anything with a subject. Every time I tried to draw a landscape or a vase of flowers, my hand felt tight and the results were fussy and anxious.',
        'A friend who teaches yoga suggested I try painting my breath instead. It sounded a little whimsical, but I was desperate enough to try. I laid a large sheet of heavy paper on the floor, wet it thoroughly and began: one long sweep of colour on the in-breath, a pause, and a softer, wider sweep on the out-breath. I did not decide on colours in advance. I simply reached for whatever felt right, which turned out to be lavender, sage green and the peachy light I remembered from a February sunrise at the top of Brockwell Park.',
        'After half an hour the paper was full and I felt calmer than I had in weeks. That sheet, left to dry overnight and then glazed gently over several days, became ' +
          gallery('where-the-breath-slows', 'Where the Breath Slows') +
          '.',
      ],
      offers: [
        'Because it was made from a rhythm rather than a view, the painting has a rhythm of its own. The washes rise and fall across the paper in long, unhurried bands, and people often find their breathing falling into step with them without meaning to. It is the closest I have come to painting a feeling rather than a place.',
        'The palette is deliberately gentle. Lavender is a colour that sits between warm and cool, so it never feels cold or agitating, and the sage green grounds it. The small glow of peach towards the top gives the eye somewhere hopeful to rest, like a lamp in a window.',
        'At just over a metre wide it fills a wall, which matters. A small calm painting is a pleasant thing to glance at; a large one can change the feeling of an entire room.',
      ],
      belongs: [
        'I made it with therapy rooms, quiet rooms and consulting spaces in mind: places where people arrive carrying a lot and need the room itself to tell them they can put some of it down. It would also suit a bedroom with plenty of wall space, or the calm end of an open-plan living room.',
        'Because of its size, I like to talk with buyers about the room before they commit: the light, the wall colour and how far away people will be sitting. That is why the price is on request. I can also arrange a viewing in the studio in Herne Hill.',
        'For smaller spaces there is an archival print at a more modest size, which keeps the layered transparency of the washes surprisingly well.',
      ],
    },
  },
  {
    id: 3,
    slug: 'blue-hour-on-the-south-downs-painting-the-end-of-the-day',
    title: 'Blue Hour on the South Downs: Painting the End of the Day',
    date: '2024-07-22',
    excerpt:
      'Three quick washes on a chalk path above Firle, finished slowly over a week in the studio. The story of a painting about the gentle feeling at the end of a good day.',
    imageUrl: '/blog/3.webp',
    alt: 'Watercolour of layered blue hills at dusk under a pale sky, with a warm glow low on the horizon',
    metaTitle: 'Blue Hour on the South Downs | Elena Marsh Blog',
    metaDescription: '',
    tags: ['south downs', 'blue hour', 'glazing', 'landscape', 'calm'],
    sections: {
      backstory: [
        'I spend as many summer days as I can on the South Downs, usually catching an early train from Herne Hill to Lewes and walking up onto the ridge above Firle with a small sketchbook and a water bottle. Last June I stayed later than usual, sitting on the chalk path as the walkers thinned out and the skylarks went quiet.',
        'Then the light turned. In the space of about ten minutes the hills went from green and gold to a deep, soft blue, each ridge a little paler than the one in front, until the furthest ones were barely distinguishable from the sky. Only a thin band of warm light stayed on the horizon, as if someone had left a lamp on in another room. A few sheep were still moving on the slope below me, and somewhere down in the valley a dog was barking at nothing in particular.',
        'I had time for three quick washes before it became too dark to see my palette. I nearly threw them away on the train home because they looked so rough, but that roughness turned out to be the backbone of ' +
          gallery('blue-hour-on-the-south-downs', 'Blue Hour on the South Downs') +
          '.',
      ],
      offers: [
        'Back in the studio I worked over those first marks slowly, one glaze a day for a week. Each layer was a little cooler and a little more transparent, so the distance builds up gradually the way it does in real evening light. I left the first warm wash untouched along the horizon so it could glow through everything else.',
        'What the painting offers, I think, is the feeling of a day winding down well. It is not dramatic; there is no blazing sunset. It is the quieter moment afterwards, when you are tired in a good way and the world is getting softer around the edges. People often tell me it reminds them of the drive home after a day out, with children asleep in the back of the car.',
        'Blue is a naturally calming colour, but too much of it can feel cold. The small warm band keeps the painting from tipping into melancholy.',
      ],
      belongs: [
        'This is a painting for the end of the day, so bedrooms are an obvious home for it. It would also suit a reading corner, a study where someone works long hours, or a therapy room with a western window where the evening light can join in.',
        'It looks particularly good against warm white or soft grey walls, and in a simple oak frame that echoes the chalk paths it was painted on. I would avoid hanging it opposite a bright window, where glare on the glass hides the darkest, most velvety blues in the distance.',
        'The original is available, along with archival prints, cards and a set of coasters, which make a thoughtful present for anyone who loves walking the Downs.',
      ],
    },
  },
  {
    id: 4,
    slug: 'harbour-light-whitstable-dawn-a-week-of-grey-mornings',
    title: 'Harbour Light: A Week of Grey Mornings in Whitstable',
    date: '2023-05-18',
    excerpt:
      'Six grey dawns and one golden one: how a week in a fisherman’s hut on Whitstable beach produced one of the most loved paintings in the Sanctuaries series.',
    imageUrl: '/blog/4.webp',
    alt: 'Misty watercolour of a still harbour at dawn in pale gold and soft grey, with boats as blurred shapes',
    metaTitle: 'Harbour Light: Grey Mornings in Whitstable | Blog',
    metaDescription: '',
    tags: ['whitstable', 'dawn', 'sea fog', 'kent coast', 'patience'],
    sections: {
      backstory: [
        'In March I rented a converted fisherman’s hut on the beach at Whitstable for a week, with the vague plan of painting the harbour at sunrise every day. I set an alarm for half past five, made tea, and sat at the little window with my paints ready.',
        'For six mornings, nothing happened. The sky went from dark grey to light grey, the gulls complained, and the boats came and went. I painted anyway, mostly to keep my hand moving, and produced a pile of studies that were honest but dull. By Friday I had begun to wonder whether I had wasted the week and my savings, and I spent the afternoons walking along the sea wall to Tankerton instead of painting at all.',
        'On the final morning a thin sea fog rolled in just before dawn, and when the sun came up it lit the fog from inside. The whole harbour turned the colour of weak tea and honey. I painted standing at the window, as fast as I have ever painted, and barely touched the result afterwards. That was ' +
          gallery('harbour-light-whitstable-dawn', 'Harbour Light, Whitstable Dawn') +
          '.',
      ],
      offers: [
        'The painting is mostly water and air running into each other. The boats are only a few dabs of warm grey, and the line between sea and sky disappears completely in the middle. Without a horizon to anchor it, the eye floats, which many people find deeply restful.',
        'It also carries a small lesson that I need to relearn regularly: that good things often come after a lot of apparently wasted effort. Those six grey mornings were not wasted at all. They taught my hand the shapes of the harbour so well that on the seventh morning I did not have to think.',
        'Gold is an unusual colour for a calming painting, but this is a very diluted, misty gold, mixed from raw sienna and a little quinacridone gold and then softened with plenty of water. It feels warm and hopeful rather than bright, like the first cup of tea of the day.',
      ],
      belongs: [
        'The original now lives with a family in Faversham, who hung it in their kitchen where the morning sun reaches it. I love knowing that it gets a little real dawn light every day, just as the harbour did on that last morning.',
        'Archival prints have found homes in bathrooms, bedrooms and several therapy practices on the Kent coast. It suits any room where people start their day and would like to start it gently.',
        'It is also one of my best-selling greeting cards and coasters, often sent to people going through a long, grey stretch of their own, as a quiet reminder that the light does come back.',
      ],
    },
  },
  {
    id: 5,
    slug: 'low-tide-at-pegwell-bay-the-painting-that-started-the-series',
    title: 'Low Tide at Pegwell Bay: Where the Series Began',
    date: '2023-02-09',
    excerpt:
      'Before the Sanctuaries of the Mind series had a name, there was a small painting of mudflats and sky at Pegwell Bay. A look back at the piece that set the tone for everything since.',
    imageUrl: '/blog/5.webp',
    alt: 'Watercolour of a calm grey-blue bay at low tide, with pale sand flats and a soft, wide sky',
    metaTitle: 'Low Tide at Pegwell Bay: Where the Series Began',
    metaDescription: '',
    tags: ['pegwell bay', 'origins', 'low tide', 'kent', 'series'],
    sections: {
      backstory: [
        'People sometimes ask where the Sanctuaries of the Mind series came from. The honest answer is a cold, windy afternoon at Pegwell Bay near Ramsgate, early in 2021, when I had driven down to the coast simply to get out of London for a few hours.',
        'The tide was out, and the bay had become an enormous, shining expanse of mud and sand, with the sea a thin line in the distance and the sky taking up most of the view. There was almost nothing there: a few wading birds, a distant dog walker, the wind. I painted a small study sitting in the car with the door open and my palette balanced on the dashboard, trying to keep the wind from drying the washes too fast. It was the first time I noticed that a painting with almost nothing in it could feel full.',
        'That small painting, <em>Low Tide at Pegwell Bay</em>, was sold at an open studio that summer and now belongs to a private collector in Margate, but I kept a photograph of it pinned above my desk for years.',
      ],
      offers: [
        'Looking back, I can see everything that the later Sanctuaries paintings share already present in it: close tones, soft edges, a wide horizontal format and a lot of untouched paper. It does not try to impress. It simply offers a place for the mind to spread out.',
        'What I learned from it is that calm in a painting comes from generosity of space. When a picture is crowded, the eye rushes from one thing to the next; when it is open, the eye slows down, and the body tends to follow. The same principle runs through ' +
          gallery('quiet-hour-at-dulwich-park-lake', 'Quiet Hour at Dulwich Park Lake') +
          ' and every piece since.',
        'It also taught me to trust quick, first-hand paintings. The study took about twenty minutes, and I have never managed to improve on it in the studio, although I have tried at least three times. Something about the cold, the wind and the hurry gave it a lightness that careful work indoors always squeezes out.',
      ],
      belongs: [
        'The collector who owns it keeps it in a small room she uses for meditation, with nothing else on the walls. She once told me it is the only thing she has ever owned that makes her quieter just by being there.',
        'If you are drawn to this kind of open, spacious painting, the current Sanctuaries of the Mind collection continues in the same spirit, and each piece is painted with quiet rooms, therapy spaces and bedrooms in mind.',
        'I am also happy to take commissions for places that matter to you, whether a stretch of coast you walk every year or a park you visited as a child.',
      ],
    },
  },
  {
    id: 6,
    slug: 'lavender-morning-at-mayfield-a-commission-for-a-quiet-room',
    title: 'Lavender Morning at Mayfield: A Commission for a Quiet Room',
    date: '2025-09-30',
    excerpt:
      'A psychotherapist in Sussex asked for a painting her clients could look at when words ran out. This is the story of that commission and what it taught me about calm colour.',
    imageUrl: '/blog/6.webp',
    alt: 'Gentle watercolour of lilac and green rolling hills fading into a soft peach morning sky',
    metaTitle: 'Lavender Morning at Mayfield: A Quiet Room Commission',
    metaDescription: '',
    tags: ['commission', 'therapy room', 'lavender', 'sussex', 'colour'],
    sections: {
      backstory: [
        'Early last year I had an email from a psychotherapist who works from a converted barn near Mayfield in East Sussex. She had seen ' +
          gallery('where-the-breath-slows', 'Where the Breath Slows') +
          ' on my website and wanted something in a similar spirit for her consulting room, but smaller and rooted in the landscape outside her window.',
        'I visited on a misty morning in May. From her room you look across a shallow valley of fields and hedges, and that morning the mist was lying in the hollows with the low sun turning it faintly lilac. She said that was her favourite view of the year, and that she wanted her clients to have something of it even in November, when the lanes are muddy and most people arrive with their collars turned up against the rain. I spent the morning sketching from her window while she made coffee.',
        'The finished painting, <em>Lavender Morning at Mayfield</em>, was a private commission and is not for sale, but I wanted to share its story because it shaped how I think about the whole series.',
      ],
      offers: [
        'We talked a great deal about what the painting should not do. It should not be too beautiful, she said, because overwhelming beauty can make a person in distress feel even further from it. It should not have any figures or faces, which some clients find intrusive. And it should not be so dark that it could be read as gloomy on a bad day.',
        'So the painting is quiet in every sense: lilac and sage hills, a sky that is barely peach, and edges softened until the fields seem to breathe. Nothing in it demands attention, but there is always somewhere for the eye to go.',
        'The most useful thing she told me was that clients often look at a painting not to enjoy it but to have somewhere safe to put their gaze while they say something difficult. That changed how I compose these pieces: I now think of them as resting places rather than views.',
      ],
      belongs: [
        'It hangs to the side of her chair, at eye level for someone seated, which is a small detail that makes a big difference. In a therapy room, art placed too high is easy to ignore, and art placed directly behind the therapist competes with them.',
        'If you are choosing a painting for a consulting room, a quiet room in a school, or a hospital family room, I am always glad to talk it through, including scale, colour and placement.',
        'Commissions like this usually take six to eight weeks, and the process always starts with a visit or a long conversation about the room and the people who will use it. I share small colour studies along the way, so there are no surprises when the finished painting arrives and goes up on the wall.',
      ],
    },
  },
];

const metaDescriptions: Record<number, string> = {
  1: 'How morning mist on Dulwich Park lake became Quiet Hour, a calming watercolour by Elena Marsh for therapy rooms and bedrooms, and why it has no hard edges.',
  2: 'Where the Breath Slows began as a breathing exercise with a brush. Elena Marsh on painting a large, calming watercolour for therapy rooms and quiet spaces.',
  3: 'Three quick washes above Firle became Blue Hour on the South Downs. Elena Marsh on glazing, evening light and painting the end of a good day in watercolour.',
  4: 'Six grey dawns and one golden one: Elena Marsh on a week in a Whitstable fisherman’s hut and the making of Harbour Light, a calming harbour watercolour.',
  5: 'Before Sanctuaries of the Mind had a name, there was a small watercolour of Pegwell Bay at low tide. Elena Marsh looks back at where the calm series began.',
  6: 'A Sussex psychotherapist asked for a painting clients could rest their eyes on. Elena Marsh on the Lavender Morning commission and choosing calm colour.',
};

export const blogPosts: SeedStory[] = drafts.map(({ sections, ...draft }) => {
  const content = article(sections);
  return {
    ...draft,
    category: 'Sanctuaries of the Mind',
    metaDescription: metaDescriptions[draft.id] ?? draft.excerpt,
    content,
    author: 'Elena Marsh',
    profileImage: '/images/artist-portrait-400.webp',
    readTime: readTimeFor(content),
  };
});
