import { withArtImages } from "./art.ts";

/**
 * Demo catalog seeded into an empty database.
 *
 * Each pack's item tickets sum to exactly 100000 (chance % = tickets / 1000), items are
 * listed from most to least valuable, and the expected return of every pack,
 * sum(value * tickets / 100000), is close to 90% of its price.
 */

/** Rarities, lowest first (the order a minimum rarity compares by). */
export const RARITIES = ["COMMON", "UNCOMMON", "RARE", "EPIC", "LEGENDARY"] as const;
export type Rarity = (typeof RARITIES)[number];

/** The labels a pack can carry: the API documents them as enums, so a new one is added here. */
export const PACK_CATEGORIES = ["TECH", "CARDS", "GAMING", "SPORTS", "FASHION", "SNEAKERS", "TRAVEL", "WATCHES"] as const;
export type PackCategory = (typeof PACK_CATEGORIES)[number];
export const RARITY_THEMES = ["BRONZE", "SILVER", "GOLD", "NEON", "DIAMOND"] as const;
export type RarityTheme = (typeof RARITY_THEMES)[number];

export interface CatalogItem {
  key: string;
  name: string;
  rarity: Rarity;
  value: string;
  /** The item's art: an icon of the art set (see art.ts) that `image` is drawn from; absent for hand-made images. */
  art?: string;
  image: string;
  tickets: number;
}

export interface CatalogPack {
  slug: string;
  name: string;
  description: string;
  /** Drawn from its most valuable items' art (see art.ts). */
  image: string;
  price: string;
  category: PackCategory;
  rarityTheme: RarityTheme;
  active: boolean;
  items: CatalogItem[];
}

type RawPack = Omit<CatalogPack, "image" | "items"> & { items: (Omit<CatalogItem, "image" | "art"> & { art: string })[] };

const rawCatalog: RawPack[] = [
  {
    slug: "mini-gadget-grab",
    name: "Mini Gadget Grab",
    description:
      "Pocket-sized gadgets and desk goodies for less than a coffee, with a tiny drone hiding at the top.",
    price: "1.99",
    category: "TECH",
    rarityTheme: "BRONZE",
    active: true,
    items: [
      { key: "pocket-mini-drone", name: "Pocket Mini Drone", rarity: "LEGENDARY", value: "59.00", art: "helicopter", tickets: 40 },
      { key: "silent-wireless-mouse", name: "Silent Wireless Mouse", rarity: "EPIC", value: "19.99", art: "computer-mouse", tickets: 1296 },
      { key: "led-clip-lamp", name: "LED Clip Desk Lamp", rarity: "RARE", value: "12.00", art: "light-bulb", tickets: 2083 },
      { key: "usb-hub", name: "4-Port USB Hub", rarity: "RARE", value: "8.99", art: "electric-plug", tickets: 2724 },
      { key: "keychain-flashlight", name: "Keychain Flashlight", rarity: "UNCOMMON", value: "3.99", art: "flashlight", tickets: 5799 },
      { key: "webcam-covers", name: "Webcam Privacy Covers (3-Pack)", rarity: "UNCOMMON", value: "1.99", art: "video-camera", tickets: 11075 },
      { key: "tech-sticker-sheet", name: "Tech Sticker Sheet", rarity: "COMMON", value: "0.99", art: "label", tickets: 21200 },
      { key: "velcro-cable-ties", name: "Velcro Cable Ties (10-Pack)", rarity: "COMMON", value: "0.79", art: "link", tickets: 26151 },
      { key: "microfiber-lens-cloth", name: "Microfiber Lens Cloth", rarity: "COMMON", value: "0.49", art: "glasses", tickets: 29632 },
    ],
  },
  {
    slug: "budget-tech-drop",
    name: "Budget Tech Drop",
    description:
      "Everyday tech accessories with a shot at noise-cancelling earbuds.",
    price: "4.99",
    category: "TECH",
    rarityTheme: "SILVER",
    active: true,
    items: [
      { key: "anc-earbuds", name: "True Wireless Earbuds (ANC)", rarity: "LEGENDARY", value: "129.00", art: "headphone", tickets: 60 },
      { key: "smart-fitness-band", name: "Smart Fitness Band", rarity: "EPIC", value: "49.00", art: "watch", tickets: 713 },
      { key: "bluetooth-speaker", name: "Portable Bluetooth Speaker", rarity: "RARE", value: "29.00", art: "speaker-high-volume", tickets: 1425 },
      { key: "power-bank", name: "10,000 mAh Power Bank", rarity: "RARE", value: "19.99", art: "battery", tickets: 2329 },
      { key: "usb-c-charger", name: "20W USB-C Fast Charger", rarity: "UNCOMMON", value: "12.50", art: "high-voltage", tickets: 4329 },
      { key: "braided-cable", name: "Braided USB-C Cable (2 m)", rarity: "UNCOMMON", value: "7.99", art: "electric-plug", tickets: 7814 },
      { key: "phone-stand", name: "Aluminium Phone Stand", rarity: "COMMON", value: "4.50", art: "mobile-phone", tickets: 16673 },
      { key: "screen-cleaning-kit", name: "Screen Cleaning Kit", rarity: "COMMON", value: "2.49", art: "sponge", tickets: 36415 },
      { key: "cable-clips", name: "Cable Organizer Clips", rarity: "COMMON", value: "1.20", art: "paperclip", tickets: 30242 },
    ],
  },
  {
    slug: "trading-card-mystery",
    name: "Trading Card Mystery",
    description:
      "Booster packs, sealed boxes and graded slabs for collectors chasing a gem-mint pull.",
    price: "9.99",
    category: "CARDS",
    rarityTheme: "SILVER",
    active: true,
    items: [
      { key: "graded-rookie-card", name: "Gem Mint 10 Graded Rookie Card", rarity: "LEGENDARY", value: "499.00", art: "crown", tickets: 30 },
      { key: "first-edition-holo", name: "First Edition Holographic Card", rarity: "EPIC", value: "149.00", art: "sparkles", tickets: 730 },
      { key: "sealed-booster-box", name: "Sealed Booster Box (36 Packs)", rarity: "EPIC", value: "109.00", art: "package", tickets: 995 },
      { key: "elite-trainer-box", name: "Elite Collector Box", rarity: "RARE", value: "49.99", art: "wrapped-gift", tickets: 2153 },
      { key: "full-art-rare", name: "Full-Art Rare Single", rarity: "RARE", value: "24.00", art: "framed-picture", tickets: 4451 },
      { key: "booster-bundle", name: "Booster Pack Bundle (6 Packs)", rarity: "UNCOMMON", value: "21.00", art: "card-index-dividers", tickets: 5080 },
      { key: "collector-binder", name: "9-Pocket Collector Binder", rarity: "UNCOMMON", value: "14.99", art: "notebook-with-decorative-cover", tickets: 7093 },
      { key: "single-booster", name: "Single Booster Pack", rarity: "COMMON", value: "4.49", art: "flower-playing-cards", tickets: 23396 },
      { key: "card-sleeves", name: "Premium Card Sleeves (100)", rarity: "COMMON", value: "3.99", art: "card-file-box", tickets: 26296 },
      { key: "reverse-holo", name: "Reverse Holo Common Card", rarity: "COMMON", value: "0.99", art: "joker", tickets: 29776 },
    ],
  },
  {
    slug: "gamer-loot-crate",
    name: "Gamer Loot Crate",
    description:
      "Peripherals, controllers and desk upgrades for your battle station, topped by an OLED handheld console.",
    price: "14.99",
    category: "GAMING",
    rarityTheme: "NEON",
    active: true,
    items: [
      { key: "handheld-console", name: "Handheld Gaming Console (OLED)", rarity: "LEGENDARY", value: "349.00", art: "video-game", tickets: 50 },
      { key: "wireless-gaming-headset", name: "Wireless Gaming Headset", rarity: "EPIC", value: "129.00", art: "studio-microphone", tickets: 1397 },
      { key: "mechanical-keyboard", name: "Mechanical Keyboard (Brown Switches)", rarity: "EPIC", value: "89.00", art: "keyboard", tickets: 1901 },
      { key: "wireless-pro-controller", name: "Wireless Pro Controller", rarity: "RARE", value: "59.00", art: "joystick", tickets: 2674 },
      { key: "rgb-gaming-mouse", name: "RGB Gaming Mouse", rarity: "RARE", value: "39.00", art: "trackball", tickets: 3771 },
      { key: "xl-mouse-pad", name: "XL Extended Mouse Pad", rarity: "UNCOMMON", value: "19.99", art: "desktop-computer", tickets: 6567 },
      { key: "headset-stand", name: "Headset Stand", rarity: "UNCOMMON", value: "12.99", art: "microphone", tickets: 9392 },
      { key: "game-store-gift-card", name: "Game Store Gift Card", rarity: "UNCOMMON", value: "10.00", art: "credit-card", tickets: 11669 },
      { key: "usb-rgb-light-strip", name: "USB RGB Light Strip", rarity: "COMMON", value: "7.49", art: "mirror-ball", tickets: 14833 },
      { key: "thumb-grip-caps", name: "Thumb Grip Caps (8-Pack)", rarity: "COMMON", value: "5.99", art: "game-die", tickets: 17856 },
      { key: "gamer-sticker-pack", name: "Gamer Sticker Pack", rarity: "COMMON", value: "2.99", art: "alien-monster", tickets: 29890 },
    ],
  },
  {
    slug: "game-day-gear",
    name: "Game Day Gear",
    description:
      "Training gear and fan favourites for match day, with a GPS running watch as the top prize.",
    price: "19.99",
    category: "SPORTS",
    rarityTheme: "BRONZE",
    active: true,
    items: [
      { key: "gps-running-watch", name: "GPS Running Smartwatch", rarity: "LEGENDARY", value: "299.00", art: "stopwatch", tickets: 60 },
      { key: "replica-team-jersey", name: "Replica Team Jersey", rarity: "EPIC", value: "89.00", art: "running-shirt", tickets: 4271 },
      { key: "composite-basketball", name: "Indoor/Outdoor Composite Basketball", rarity: "RARE", value: "59.00", art: "basketball", tickets: 5203 },
      { key: "foam-roller", name: "High-Density Foam Roller", rarity: "UNCOMMON", value: "29.00", art: "long-drum", tickets: 7316 },
      { key: "resistance-band-set", name: "Resistance Band Set (5 Levels)", rarity: "UNCOMMON", value: "24.00", art: "ribbon", tickets: 8012 },
      { key: "insulated-bottle", name: "Insulated Sports Bottle (1 L)", rarity: "UNCOMMON", value: "19.00", art: "cup-with-straw", tickets: 8963 },
      { key: "speed-jump-rope", name: "Speed Jump Rope", rarity: "COMMON", value: "12.00", art: "yo-yo", tickets: 11174 },
      { key: "performance-socks", name: "Performance Crew Socks (3 Pairs)", rarity: "COMMON", value: "11.00", art: "socks", tickets: 11651 },
      { key: "sweatband-set", name: "Wrist & Head Sweatband Set", rarity: "COMMON", value: "7.99", art: "sports-medal", tickets: 13583 },
      { key: "team-keychain", name: "Team Logo Keychain", rarity: "COMMON", value: "4.99", art: "key", tickets: 29767 },
    ],
  },
  {
    slug: "streetwear-essentials",
    name: "Streetwear Essentials",
    description:
      "Hoodies, tees and accessories for a fresh fit, with a designer bomber jacket up for grabs.",
    price: "24.99",
    category: "FASHION",
    rarityTheme: "SILVER",
    active: true,
    items: [
      { key: "satin-bomber-jacket", name: "Designer Satin Bomber Jacket", rarity: "LEGENDARY", value: "649.00", art: "coat", tickets: 40 },
      { key: "leather-crossbody-bag", name: "Leather Crossbody Bag", rarity: "EPIC", value: "219.00", art: "handbag", tickets: 1173 },
      { key: "heavyweight-hoodie", name: "Heavyweight Premium Hoodie", rarity: "RARE", value: "119.00", art: "womans-clothes", tickets: 2119 },
      { key: "relaxed-cargo-pants", name: "Relaxed Cargo Pants", rarity: "RARE", value: "79.00", art: "jeans", tickets: 3153 },
      { key: "oversized-graphic-tee", name: "Oversized Graphic Tee", rarity: "UNCOMMON", value: "39.00", art: "t-shirt", tickets: 6254 },
      { key: "reversible-bucket-hat", name: "Reversible Bucket Hat", rarity: "UNCOMMON", value: "29.00", art: "womans-hat", tickets: 8336 },
      { key: "ribbed-knit-beanie", name: "Ribbed Knit Beanie", rarity: "COMMON", value: "19.00", art: "billed-cap", tickets: 12563 },
      { key: "logo-crew-socks", name: "Logo Crew Socks (2 Pairs)", rarity: "COMMON", value: "14.00", art: "socks", tickets: 16895 },
      { key: "canvas-tote-bag", name: "Canvas Tote Bag", rarity: "COMMON", value: "12.00", art: "shopping-bags", tickets: 19619 },
      { key: "enamel-pin-set", name: "Enamel Pin Set", rarity: "COMMON", value: "9.00", art: "round-pushpin", tickets: 29848 },
    ],
  },
  {
    slug: "sneakerhead-vault",
    name: "Sneakerhead Vault",
    description:
      "Court classics, runners and rare collabs straight from the vault, plus care kits for your rotation.",
    price: "49.99",
    category: "SNEAKERS",
    rarityTheme: "GOLD",
    active: true,
    items: [
      { key: "deadstock-retro-high", name: "Limited Retro High-Top (Deadstock)", rarity: "LEGENDARY", value: "1499.00", art: "gem-stone", tickets: 40 },
      { key: "designer-collab-runner", name: "Designer Collab Runner", rarity: "EPIC", value: "649.00", art: "running-shoe", tickets: 1068 },
      { key: "retro-basketball-sneaker", name: "Retro Basketball Sneaker", rarity: "EPIC", value: "219.00", art: "basketball", tickets: 2661 },
      { key: "knit-performance-runner", name: "Knit Performance Runner", rarity: "RARE", value: "159.00", art: "mans-shoe", tickets: 3482 },
      { key: "leather-court-sneaker", name: "Classic Leather Court Sneaker", rarity: "RARE", value: "109.00", art: "hiking-boot", tickets: 4782 },
      { key: "canvas-high-top", name: "Canvas High-Top", rarity: "UNCOMMON", value: "69.00", art: "womans-boot", tickets: 7021 },
      { key: "cushioned-slides", name: "Cushioned Slides", rarity: "UNCOMMON", value: "45.00", art: "thong-sandal", tickets: 10055 },
      { key: "sneaker-cleaning-kit", name: "Sneaker Cleaning Kit", rarity: "COMMON", value: "24.00", art: "soap", tickets: 17048 },
      { key: "toe-crease-protectors", name: "Toe Crease Protectors", rarity: "COMMON", value: "16.00", art: "shield", tickets: 23966 },
      { key: "rope-laces", name: "Rope Laces (3 Pairs)", rarity: "COMMON", value: "12.00", art: "thread", tickets: 29877 },
    ],
  },
  {
    slug: "weekend-getaway",
    name: "Weekend Getaway",
    description:
      "Travel gear and hotel vouchers for your next escape, with a three-night luxury resort stay as the jackpot.",
    price: "99.00",
    category: "TRAVEL",
    rarityTheme: "GOLD",
    active: true,
    items: [
      { key: "luxury-resort-stay", name: "Luxury Resort Stay Voucher (3 Nights)", rarity: "LEGENDARY", value: "2499.00", art: "desert-island", tickets: 30 },
      { key: "city-break-hotel", name: "City Break Hotel Voucher (2 Nights)", rarity: "EPIC", value: "699.00", art: "hotel", tickets: 3622 },
      { key: "hardshell-carry-on", name: "Hardshell Carry-On Suitcase", rarity: "EPIC", value: "349.00", art: "luggage", tickets: 4781 },
      { key: "noise-cancelling-headphones", name: "Noise-Cancelling Headphones", rarity: "RARE", value: "299.00", art: "headphone", tickets: 5086 },
      { key: "travel-backpack", name: "40 L Travel Backpack", rarity: "RARE", value: "149.00", art: "backpack", tickets: 6721 },
      { key: "packing-cubes", name: "Compression Packing Cubes", rarity: "UNCOMMON", value: "59.00", art: "package", tickets: 9735 },
      { key: "travel-pillow", name: "Memory Foam Travel Pillow", rarity: "UNCOMMON", value: "39.00", art: "bed", tickets: 11488 },
      { key: "universal-adapter", name: "Universal Travel Adapter", rarity: "COMMON", value: "29.00", art: "electric-plug", tickets: 12934 },
      { key: "leather-luggage-tag", name: "Leather Luggage Tag", rarity: "COMMON", value: "19.00", art: "label", tickets: 15317 },
      { key: "toiletry-bottles", name: "Leak-Proof Toiletry Bottles", rarity: "COMMON", value: "14.00", art: "lotion-bottle", tickets: 30286 },
    ],
  },
  {
    slug: "luxury-watch-case",
    name: "Luxury Watch Case",
    description:
      "High-roller pack of mechanical and smart timepieces, headlined by a Swiss automatic chronograph.",
    price: "250.00",
    category: "WATCHES",
    rarityTheme: "DIAMOND",
    active: true,
    items: [
      { key: "swiss-chronograph", name: "Swiss Automatic Chronograph", rarity: "LEGENDARY", value: "8999.00", art: "crown", tickets: 40 },
      { key: "automatic-dive-watch", name: "Automatic Dive Watch (300 m)", rarity: "EPIC", value: "3499.00", art: "diving-mask", tickets: 1023 },
      { key: "steel-gmt-watch", name: "Steel GMT Travel Watch", rarity: "EPIC", value: "1899.00", art: "globe-showing-europe-africa", tickets: 1710 },
      { key: "minimalist-dress-watch", name: "Minimalist Dress Watch", rarity: "RARE", value: "749.00", art: "watch", tickets: 3736 },
      { key: "mechanical-field-watch", name: "Mechanical Field Watch", rarity: "RARE", value: "449.00", art: "compass", tickets: 5743 },
      { key: "solar-chronograph", name: "Solar Chronograph", rarity: "UNCOMMON", value: "299.00", art: "sunrise", tickets: 8080 },
      { key: "hybrid-smartwatch", name: "Hybrid Smartwatch", rarity: "UNCOMMON", value: "199.00", art: "stopwatch", tickets: 11375 },
      { key: "single-watch-winder", name: "Single Watch Winder", rarity: "COMMON", value: "129.00", art: "mantelpiece-clock", tickets: 16372 },
      { key: "leather-watch-roll", name: "Leather Watch Roll (3 Slots)", rarity: "COMMON", value: "89.00", art: "briefcase", tickets: 22362 },
      { key: "nato-strap-set", name: "Nylon NATO Strap Set", rarity: "COMMON", value: "39.00", art: "link", tickets: 29559 },
    ],
  },
  {
    slug: "retro-arcade-classics",
    name: "Retro Arcade Classics",
    description:
      "Retired pack: plug-and-play consoles, fight sticks and pixel-art goodies from the golden age of arcades.",
    price: "7.99",
    category: "GAMING",
    rarityTheme: "NEON",
    active: false,
    items: [
      { key: "mini-arcade-cabinet", name: "Mini Arcade Cabinet (200 Games)", rarity: "LEGENDARY", value: "299.00", art: "slot-machine", tickets: 40 },
      { key: "plug-and-play-console", name: "Retro Console (Plug & Play)", rarity: "EPIC", value: "79.00", art: "television", tickets: 1266 },
      { key: "arcade-fight-stick", name: "Arcade Fight Stick", rarity: "RARE", value: "59.00", art: "joystick", tickets: 1719 },
      { key: "pixel-art-lamp", name: "Pixel Art Desk Lamp", rarity: "UNCOMMON", value: "24.00", art: "light-bulb", tickets: 4422 },
      { key: "usb-retro-gamepad", name: "USB Retro Gamepad", rarity: "UNCOMMON", value: "19.00", art: "video-game", tickets: 5651 },
      { key: "cartridge-keychain", name: "Cartridge Keychain", rarity: "COMMON", value: "4.99", art: "floppy-disk", tickets: 23003 },
      { key: "pixel-art-poster", name: "Pixel Art Poster", rarity: "COMMON", value: "3.49", art: "artist-palette", tickets: 33483 },
      { key: "novelty-arcade-tokens", name: "Novelty Arcade Tokens (10)", rarity: "COMMON", value: "1.99", art: "coin", tickets: 30416 },
    ],
  },
];

/** The demo catalogue with every image drawn from its art. */
export const demoCatalog: CatalogPack[] = rawCatalog.map(withArtImages);
