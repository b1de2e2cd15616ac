# Reading: UTF-8 text, ASCII-8BIT in binary mode or for a length.
p File.read(__FILE__, 3).encoding, File.binread(__FILE__, 3).encoding
p File.binread(__FILE__).encoding, File.read(__FILE__, mode: "rb").encoding
p File.read(__FILE__).encoding
p File.open(__FILE__) { |f| [f.read(0).encoding, f.read(2).encoding, f.gets.encoding, f.readline.encoding, f.read.encoding] }
p File.open(__FILE__, "rb") { |f| [f.gets.encoding, f.each_line.first.encoding, f.read.encoding] }
p File.readlines(__FILE__, mode: "rb").first.encoding, File.readlines(__FILE__).first.encoding
p File.open(__FILE__) { |f| [f.gets.encoding, f.binmode.read.encoding] }
p File.binread(__FILE__, 10).unpack("C*")
