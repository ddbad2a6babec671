/**
 * The most common passwords of 8+ characters (and the short words people pad to 8 with
 * digits or symbols) from public breach-corpus rankings, plus the words a card shop's
 * customers reach for first. Kept small on purpose: it stops the guesses an attacker tries
 * first without shipping a dictionary; see docs/decisions/0003-password-policy.md.
 * All entries lower-case.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  // the top of every breach list
  "password", "passw0rd", "p@ssword", "p@ssw0rd", "password1", "password12", "password123", "password1234",
  "12345678", "123456789", "1234567890", "0123456789", "12341234", "11223344", "11111111", "00000000",
  "88888888", "87654321", "98765432", "123123123", "123456123", "147258369", "159753", "987654321",
  "qwerty", "qwerty12", "qwerty123", "qwerty1234", "qwertyui", "qwertyuiop", "qwertz", "azerty",
  "asdfghjk", "asdfghjkl", "asdf1234", "zxcvbnm", "zxcvbnm1", "1q2w3e4r", "1q2w3e4r5t", "q1w2e3r4",
  "q1w2e3r4t5", "1qaz2wsx", "1qazxsw2", "zaq12wsx", "zaq1zaq1", "qazwsxedc", "abc12345", "abcd1234",
  "abcdefgh", "a1b2c3d4", "aa123456", "abc123", "123abc", "admin", "admin123", "administrator",
  "root", "changeme", "default", "guest", "test", "test1234", "testing", "welcome", "welcome1",
  "letmein", "letmein1", "iloveyou", "iloveyou1", "trustno1", "whatever", "secret", "access",
  "master", "login", "computer", "internet", "freedom", "starwars", "superman", "batman",
  "spiderman", "pokemon1", "sunshine", "princess", "football", "baseball", "basketball", "soccer",
  "dragon", "monkey", "shadow", "michael", "jennifer", "jordan23", "hunter", "hunter2", "ranger",
  "buster", "tigger", "charlie", "thomas", "robert", "daniel", "jessica", "ashley", "michelle",
  "liverpool", "chelsea", "arsenal", "manchester", "london", "england", "summer", "winter",
  "flower", "lovely", "loveme", "iloveu", "cookie", "chocolate", "butterfly", "purple", "orange",
  "blink182", "mustang", "harley", "corvette", "ferrari", "mercedes", "yankees", "cowboys",
  "matrix", "killer", "pepper", "ginger", "maggie", "hello123", "helloworld", "monkey123",
  "qwe123qwe", "asd123", "zxc123", "passpass", "mypassword", "newpassword", "yourpassword",
  "nopassword", "secret123", "123qwe", "123qweasd", "1234qwer", "qwer1234", "q2w3e4r5",
  "aaaaaaaa", "abcabcabc", "iamthebest", "football1", "baseball1", "superstar", "rockstar",
  // what a card shop's customers try first
  "pokemon", "pikachu", "charizard", "mewtwo", "eevee", "bulbasaur", "squirtle", "charmander",
  "gengar", "snorlax", "lucario", "pokeball", "pokedex", "ashketchum", "gottacatchemall",
  "nearmint", "nearmint1", "tradingcards", "cardgame", "boosterbox",
];
