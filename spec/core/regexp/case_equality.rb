# === matches Strings and Symbols; anything else is false.
p(/ab/ === "cab", /ab/ === "ba", /ab/ === :cab, /1/ === 1, /a/ === nil, /a/ === ["a"])
/(b)/ === "abc"
p $~, $1
