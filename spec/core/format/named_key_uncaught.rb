format("%{name} is %{age}", name: "Bob")
