// A remote is consumed through its federation container (remoteEntry.js / mf-manifest.json);
// this entry only exists because webpack needs one.
export {};
