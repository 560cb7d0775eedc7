/** A UUID in its text form: path ids are checked against it before they reach a uuid column (else 404). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
