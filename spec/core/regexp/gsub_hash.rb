# gsub with a Hash: each match looked up.
p "cat and dog".gsub(/cat|dog/, "cat" => "feline", "dog" => "canine")
p "abc".gsub(/[abc]/, "a" => 1, "b" => :two)
p "hello".gsub(/l/, {}), "hello".sub(/e/, "e" => "3")
