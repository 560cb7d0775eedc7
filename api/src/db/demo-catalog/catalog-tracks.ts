// The demo catalog's tracks (./catalog.ts): longer pieces with an arrangement (intro, verses, outro).
import type { DemoItem } from "./catalog";
import { BRIGHT_POP_SOUND, NIGHT_DRIVE_SOUND } from "./catalog-loops-club";

export const DEMO_TRACKS: DemoItem[] = [
  // ---- Tracks (60–90 s, with an arrangement) ----------------------------------------------------
  {
    creator: "synthia",
    genre: "Synthwave",
    title: "Midnight Freeway",
    description: "A full synthwave track: pad intro, driving verse, arpeggio chorus and a fade-out.",
    price: "12.00",
    tags: ["synthwave", "track", "night drive"],
    format: "wav",
    ageHours: 8,
    track: {
      artistName: "Synthia",
      albumName: "Neon Letters",
      releaseDate: "2026-03-14",
      lyrics:
        "Headlights on the empty freeway\nCity humming in the rear view\nEvery mile a little further\nEvery mile a little closer to you",
    },
    recipe: {
      ...NIGHT_DRIVE_SOUND,
      sections: [
        { bars: 4, layers: "c" },
        { bars: 8, layers: "dbc" },
        { bars: 8, layers: "dbca" },
        { bars: 8, layers: "dbc" },
        { bars: 4, layers: "ca" },
      ],
    },
  },
  {
    creator: "maya_beats",
    genre: "Lo-Fi",
    title: "Paper Lanterns",
    description: "A lo-fi instrumental with a keys intro, a laid-back groove and a plucked melody in the second half.",
    price: "0.00",
    tags: ["lofi", "track", "instrumental", "chill"],
    format: "wav",
    ageHours: 48,
    track: {
      artistName: "Maya Beats",
      albumName: "Late Night Notes",
      releaseDate: "2025-11-02",
      lyrics: "(instrumental)\nPaper lanterns drifting over the river\nNo words tonight, just the hum of the city",
    },
    recipe: {
      bpm: 80,
      key: "D major",
      progression: [0, 5, 3, 4],
      drums: "boom_bap",
      bass: "walking",
      chords: "keys",
      arp: "pluck",
      arpRate: 2,
      swing: 0.2,
      sevenths: true,
      sections: [
        { bars: 4, layers: "c" },
        { bars: 8, layers: "dbc" },
        { bars: 8, layers: "dbca" },
        { bars: 4, layers: "ca" },
      ],
    },
  },
  {
    creator: "dj_kovac",
    genre: "Techno",
    title: "Night Shift",
    description: "A DJ-friendly techno cut: drums-only intro, acid build, breakdown and a final drop.",
    price: "25.00",
    tags: ["techno", "track", "acid", "dj tool"],
    format: "wav",
    ageHours: 120,
    track: {
      artistName: "DJ Kovac",
      albumName: "Floor Pressure EP",
      releaseDate: "2026-06-20",
      lyrics: "(spoken) Night shift. No sleep. Keep moving.",
    },
    recipe: {
      bpm: 128,
      key: "F minor",
      progression: [0, 0, 6, 5],
      drums: "techno",
      bass: "acid",
      chords: "pad",
      sections: [
        { bars: 8, layers: "d" },
        { bars: 8, layers: "db" },
        { bars: 8, layers: "dbc" },
        { bars: 4, layers: "c" },
        { bars: 8, layers: "dbc" },
      ],
    },
  },
  {
    creator: "synthia",
    genre: "Pop",
    title: "Saltwater Hearts",
    description: "An upbeat synth-pop song: verse, pre-chorus, a big chorus and an outro.",
    price: "4.99",
    tags: ["pop", "track", "summer", "synth pop"],
    format: "wav",
    ageHours: 210,
    track: {
      artistName: "Synthia",
      albumName: "Neon Letters",
      releaseDate: "2026-07-01",
      lyrics:
        "Salt in the air and the sun going down\nYou wrote my name in the sand by the town\nWaves keep on calling, we keep on falling\nSaltwater hearts, never going to drown",
    },
    recipe: {
      ...BRIGHT_POP_SOUND,
      bpm: 112,
      sections: [
        { bars: 4, layers: "c" },
        { bars: 8, layers: "dbc" },
        { bars: 4, layers: "bca" },
        { bars: 12, layers: "dbca" },
        { bars: 4, layers: "ca" },
      ],
    },
  },
];
