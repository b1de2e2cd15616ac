# names and named_captures of a Regexp.
p(/(?<year>\d+)-(?<month>\d+)/.names, /(a)(b)/.names, /x/.names)
p(/(?<year>\d+)-(?<month>\d+)/.named_captures)
p(/(?<a>x)|(?<a>y)|(?<b>z)/.names, /(?<a>x)|(?<a>y)|(?<b>z)/.named_captures)
