# The Encoding class: constants, lookup, names and the error classes.
p Encoding::UTF_8, Encoding::ASCII_8BIT, Encoding::US_ASCII
p Encoding::BINARY.equal?(Encoding::ASCII_8BIT), Encoding::ASCII.equal?(Encoding::US_ASCII)
p Encoding::UTF_8.name, Encoding::BINARY.to_s, Encoding::US_ASCII.inspect
p Encoding::UTF_8.name.frozen?, Encoding::UTF_8.name.encoding
p Encoding::BINARY.names, Encoding::UTF_8.names, Encoding::US_ASCII.names
p Encoding::UTF_8.ascii_compatible?, Encoding::BINARY.dummy?
p Encoding::UTF_8 == Encoding::UTF_8, Encoding::UTF_8 == Encoding::BINARY
p Encoding::UTF_8.class, Encoding::UTF_8.frozen?
p Encoding.default_external, Encoding.default_internal

# find: any case, the aliases, an Encoding itself.
p Encoding.find("utf-8"), Encoding.find("UTF-8"), Encoding.find("binary")
p Encoding.find("ASCII-8BIT"), Encoding.find("ascii"), Encoding.find("US-ASCII")
p Encoding.find("locale"), Encoding.find("external"), Encoding.find("internal")
p Encoding.find(Encoding::BINARY)
[["foo"], ["UTF8"], [3], [:utf_8]].each do |args|
  begin
    Encoding.find(*args)
  rescue => e
    p e
  end
end

# compatible?: the encoding two Strings join in, or nil.
p Encoding.compatible?("a", "b".b), Encoding.compatible?("é", "a".b)
p Encoding.compatible?("a", "\xff".b), Encoding.compatible?("é", "\xff".b)
p Encoding.compatible?("", "\xff".b), Encoding.compatible?("é", "".b)
p Encoding.compatible?(Encoding::UTF_8, Encoding::UTF_8)
p Encoding.compatible?(Encoding::UTF_8, Encoding::BINARY)
p Encoding.compatible?("a", Encoding::BINARY), Encoding.compatible?("é", Encoding::BINARY)
p Encoding.compatible?(1, "a")

# No instances but the constants.
begin
  Encoding.allocate
rescue => e
  p e
end

# The error classes.
p EncodingError.superclass
p Encoding::CompatibilityError.ancestors.take(4)
p Encoding::UndefinedConversionError.superclass
p Encoding::InvalidByteSequenceError.superclass
p Encoding::ConverterNotFoundError.superclass
