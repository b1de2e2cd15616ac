# frozen_string_literal: true

name = "abc"
p name.frozen?
name.upcase!
