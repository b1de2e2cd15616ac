# -*- coding: us-ascii -*-
# A file may declare US-ASCII or binary (ASCII-8BIT) as its encoding
# (see source_encoding_binary.rb); its comments may hold any byte: ÿ
p "abc", "\xff".bytes
