#!/usr/bin/env python3
"""Makes the site's two Fraunces files from fontsource's Latin variable font (app/fonts/source).

  /usr/bin/python3 scripts/subset-font.py      (Debian: apt-get install python3-fonttools python3-brotli)

- fraunces-core.woff2: what nearly every page sets (ASCII, the pound sign, accents of café and
  née, curly quotes, dashes, ellipsis), weights 400 to 600 only: the site uses 400, 500 and
  600, and keeping 700 cost 1.4 KB more.
  Preloaded by next/font in app/layout.tsx: the smaller it is, the less it competes with the
  painting that is each page's LCP on a slow link.
- fraunces-extra.woff2: the rest of Latin-1 and the euro sign, declared in app/globals.css with a
  unicode-range, so a browser downloads it only for a page that uses one of those characters.
The outputs are committed; run this again only to change what they cover.
"""
import io
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

FONTS = Path(__file__).resolve().parent.parent / 'app' / 'fonts'
SOURCE = FONTS / 'source' / 'fraunces-latin-wght.woff2'
WEIGHTS = (400, 600)

CORE = set(range(0x20, 0x7F)) | {0xA0, 0xA3, 0xA9, 0xB7, 0xD7, 0xE9, 0xE8, 0xE0, 0xE7, 0xEF, 0xF6, 0xFC,
                                  0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026}
EXTRA = (set(range(0xA0, 0x100)) | {0x20AC, 0x2122}) - CORE


def write(name: str, unicodes: set[int]) -> None:
    font = instancer.instantiateVariableFont(TTFont(SOURCE), {'wght': WEIGHTS})
    options = subset.Options()
    options.flavor = 'woff2'
    options.layout_features = ['kern', 'liga', 'rvrn']
    options.hinting = False
    options.name_IDs = ['*']
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = 'woff2'
    font.save(out)
    (FONTS / name).write_bytes(out.getvalue())
    print(f'{name}: {len(out.getvalue())} bytes, {len(unicodes)} code points')


write('fraunces-core.woff2', CORE)
write('fraunces-extra.woff2', EXTRA)
print('extra unicode-range:', ', '.join(f'U+{c:04X}' for c in sorted(EXTRA)))
