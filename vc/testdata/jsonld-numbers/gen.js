// SPDX-License-Identifier: Apache-2.0
const jsonld = require('jsonld');
const nums = ["0", "-0", "1", "-1", "42", "9007199254740991", "9007199254740993", "1152921504606846976", "1152921504606846977", "12345678901234567890", "999999999999999999999", "1e21", "1.0e21", "1e22", "-1e21", "1.1", "-1.1", "0.5", "5.3", "123.456", "1e-6", "0.000001", "1.5e-6", "1e-7", "-2.5e-7", "0.1", "0.30000000000000004", "1234567890123456.5", "3.141592653589793", "1.7976931348623157e308", "5e-324", "2.5", "1e300", "100.0", "1.0", "-0.0"];
(async () => {
  const out = [];
  for (const n of nums) {
    const doc = JSON.parse(`{"@context": {"p": "urn:ex:p"}, "@id": "urn:ex:s", "p": ${n}}`);
    const dbl = JSON.parse(`{"@context": {"p": {"@id": "urn:ex:p", "@type": "http://www.w3.org/2001/XMLSchema#double"}}, "@id": "urn:ex:s", "p": ${n}}`);
    const a = await jsonld.toRDF(doc, {format: 'application/n-quads', safe: true});
    const b = await jsonld.toRDF(dbl, {format: 'application/n-quads', safe: true});
    out.push({json: n, nquads: a, nquadsDouble: b});
  }
  console.log(JSON.stringify(out, null, 1));
})();
