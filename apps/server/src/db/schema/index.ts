// Every table the server queries through drizzle. Each domain adds its own file here.
export * from './accounts.ts';
export * from './media.ts';
export * from './content.ts';
export * from './addresses.ts';
export * from './catalogue.ts';
export * from './bidding.ts';
