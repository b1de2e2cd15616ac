class Animal
end

class Plant
end

class Tree < Plant
end

class Tree < Animal
end
