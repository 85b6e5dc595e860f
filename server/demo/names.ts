/** Word lists for made-up Norwegian people, bands and instruments. */
export const FEMALE_NAMES = [
  'Anne', 'Inger', 'Kari', 'Marit', 'Ingrid', 'Liv', 'Eva', 'Berit', 'Astrid', 'Bjørg', 'Hilde', 'Anna',
  'Solveig', 'Marianne', 'Randi', 'Ida', 'Nina', 'Maria', 'Elisabeth', 'Kristin', 'Silje', 'Ingeborg',
  'Camilla', 'Tone', 'Hanne', 'Nora', 'Emma', 'Sofie', 'Thea', 'Maja', 'Ingvild', 'Sigrid', 'Tuva',
  'Ragnhild', 'Åse', 'Guro', 'Mari', 'Synnøve', 'Frida', 'Vilde', 'Julie', 'Hedda', 'Siri', 'Tiril',
] as const;

export const MALE_NAMES = [
  'Jan', 'Per', 'Bjørn', 'Ole', 'Lars', 'Kjell', 'Knut', 'Arne', 'Svein', 'Thomas', 'Hans', 'Geir',
  'Tor', 'Morten', 'Terje', 'Odd', 'Martin', 'Erik', 'Andreas', 'Jon', 'Anders', 'Rune', 'Trond',
  'Harald', 'Jonas', 'Magnus', 'Håkon', 'Sindre', 'Eirik', 'Sander', 'Emil', 'Henrik', 'Mathias',
  'Øyvind', 'Espen', 'Stian', 'Even', 'Vegard', 'Aksel', 'Torbjørn', 'Kristoffer', 'Ivar', 'Halvor',
] as const;

export const NEUTRAL_NAMES = ['Kim', 'Robin', 'Eli', 'Alex', 'Sasha', 'Mika', 'Noa', 'Charlie'] as const;

export const LAST_NAMES = [
  'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Jensen',
  'Karlsen', 'Johnsen', 'Pettersen', 'Eriksen', 'Berg', 'Haugen', 'Hagen', 'Johannessen', 'Andreassen',
  'Jacobsen', 'Dahl', 'Jørgensen', 'Halvorsen', 'Henriksen', 'Lund', 'Sørensen', 'Jakobsen', 'Moen',
  'Gundersen', 'Iversen', 'Strand', 'Solberg', 'Svendsen', 'Eide', 'Knutsen', 'Martinsen', 'Paulsen',
  'Bakken', 'Kristoffersen', 'Mathisen', 'Lie', 'Amundsen', 'Nguyen', 'Rasmussen', 'Ali', 'Lunde',
  'Solheim', 'Berge', 'Moe', 'Nygård', 'Bakke', 'Kristensen', 'Fredriksen', 'Holm', 'Lien', 'Myhre',
  'Aas', 'Vik', 'Sæther', 'Fjeld', 'Tangen', 'Ødegård', 'Brekke', 'Nordmann', 'Haugland', 'Aasen',
] as const;

export const STREETS = [
  'Storgata', 'Kirkegata', 'Skolegata', 'Parkveien', 'Kongens gate', 'Dronningens gate', 'Torggata',
  'Thorvald Meyers gate', 'Markveien', 'Bogstadveien', 'Hegdehaugsveien', 'Grensen', 'Sandviksveien',
  'Kaigaten', 'Fjellveien', 'Bakkegata', 'Strandgata', 'Elvegata', 'Nygata', 'Prinsens gate',
  'Møllergata', 'Bjerregaards gate', 'Sagveien', 'Løkkeveien', 'Granveien', 'Bjørkeveien', 'Furuveien',
  'Solbakken', 'Haugeveien', 'Lillevollen', 'Marken', 'Nedre Bakklandet', 'Olav Tryggvasons gate',
  'Munkegata', 'Vågsgata', 'Pedersgata', 'Kirkegårdsgata', 'Sjøgata', 'Havnegata', 'Skippergata',
] as const;

export const BAND_FIRST = [
  'Nord', 'Fjord', 'Blå', 'Stille', 'Sølv', 'Midnatt', 'Vill', 'Rust', 'Glass', 'Storm', 'Lys', 'Jern',
] as const;
export const BAND_SECOND = [
  'lys', 'vind', 'fjell', 'bølge', 'trio', 'kvartett', 'orkester', 'hjerte', 'ekko', 'byen', 'sang', 'drøm',
] as const;

/** Makes and models per instrument category id (reference data in migration 002). */
export const INSTRUMENTS: Record<number, readonly (readonly [string, string])[]> = {
  1: [['Fender', 'Stratocaster'], ['Gibson', 'Les Paul Standard'], ['Martin', 'D-28'], ['Taylor', '814ce'], ['Gretsch', 'G6120'], ['Yamaha', 'FG830']],
  2: [['Fender', 'Precision Bass'], ['Fender', 'Jazz Bass'], ['Music Man', 'StingRay'], ['Höfner', '500/1'], ['Warwick', 'Corvette']],
  3: [['Pearl', 'Masters Maple'], ['DW', 'Collector\'s Series'], ['Ludwig', 'Classic Maple'], ['Zildjian', 'K Custom cymbalsett'], ['Sonor', 'SQ2']],
  4: [['Nord', 'Stage 4'], ['Yamaha', 'CP88'], ['Roland', 'RD-2000'], ['Korg', 'Kronos 2'], ['Steinway', 'Model B']],
  5: [['Yamaha', 'V5 fiolin'], ['Hardanger', 'Hardingfele'], ['Eastman', 'VC305 cello'], ['Gliga', 'Bratsj Genial']],
  6: [['Yamaha', 'YTR-8335 trompet'], ['Selmer', 'Reference 54 altsaksofon'], ['Buffet Crampon', 'R13 klarinett'], ['Bach', 'Stradivarius 42 trombone']],
  8: [['Yamaha', 'DXR12 høyttaler'], ['Allen & Heath', 'SQ-5 miksebord'], ['Shure', 'ULXD trådløst mikrofonsett'], ['QSC', 'K12.2']],
  9: [['Universal Audio', 'Apollo Twin X'], ['Neumann', 'U 87 Ai'], ['Focusrite', 'Clarett+ 8Pre'], ['Genelec', '8040B studiomonitorer']],
  10: [['Hohner', 'Morino trekkspill'], ['Deering', 'Goodtime banjo'], ['Eastman', 'MD305 mandolin']],
};
