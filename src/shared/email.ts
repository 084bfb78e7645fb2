// One rule for every e-mail address the service takes and may write to (registration, reset,
// contact, newsletter): a single plain address as a browser's <input type="email"> accepts it
// (the WHATWG rule), with at least one dot in the domain. No display names, quoted parts,
// comments or lists, which a mail library would read as more than one recipient:
// `x,y@evil.example` is not an address.
export const emailAddressPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const emailMaxLength = 254;
