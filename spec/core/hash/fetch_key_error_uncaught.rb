# An uncaught KeyError from fetch: MRI's report with the suggestion.
def lookup(table, name)
  table.fetch(name)
end
users = { alice: 1, bob: 2 }
puts lookup(users, :alice)
lookup(users, :alise)
